/**
 * The one redactor (issue 21, "secrets never leave"). It knows the secret values in play in this
 * process — model connections' API keys and header values (registered when a client is built for a
 * connection, lib/llm/openai-client.ts), tools' header values (`${env:…}` references resolved by
 * http-tool.ts, MCP servers' headers) and the server's own keys from the environment
 * (OPENAI_API_KEY, SWITCHYARD_API_KEY, BETTER_AUTH_SECRET, SWITCHYARD_SECRET_KEY, the web search
 * providers' SERPER_API_KEY and SERPAPI_API_KEY) — and replaces
 * every occurrence of one of them in a text with `[redacted]`: the exact value and its common
 * encodings (JSON-escaped, URL-encoded, hex, base64 and base64url, also inside a longer base64 text
 * such as the basic-auth `base64(user:pass)` of any user). `Bearer <key>` is covered by the exact
 * value; a `Basic …` or `Bearer …` header value registers its token and, for basic auth, the
 * decoded `user:pass` and the password.
 *
 * The texts that leave go through it at one choke point per direction: errors and replies coming
 * out of the model port (lib/llm/chat.ts) and the tool port (lib/runtime/run-ports.ts) before the
 * engine sees them; every trace event as it is recorded (lib/runtime/event-recorder.ts: the stored
 * run, its error, SSE and the OTel export read those); every API error body (lib/server/http.ts,
 * lib/runtime/openai/errors.ts); the OTLP spans (lib/runtime/otel-export.ts); and the console of a
 * process that knows a secret (guardConsole below: every log line).
 *
 * Values shorter than MIN_SECRET_LENGTH (8) characters are never registered: masking every "abc" or
 * "1234" in a text would corrupt ordinary words and numbers, and where the mask lands would tell
 * the value (an oracle); a credential that short is guessable anyway. Encoded forms shorter than
 * that are skipped too. The set is per process (a queue worker or a run's worker thread registers
 * what it resolves itself) and holds at most MAX_SECRETS values (the oldest are forgotten).
 */
import { format } from 'node:util';
import { AppError } from '../errors';
import { isPlainHeader } from '../graph/tool-headers';

export const REDACTED = '[redacted]';
/** The shortest value treated as a secret (see the comment above for why). */
export const MIN_SECRET_LENGTH = 8;
const MAX_SECRETS = 2048;
/** The server's own secrets, read from the environment whenever a text is redacted. */
const ENV_SECRETS = ['OPENAI_API_KEY', 'SWITCHYARD_API_KEY', 'BETTER_AUTH_SECRET', 'SWITCHYARD_SECRET_KEY', 'SERPER_API_KEY', 'SERPAPI_API_KEY'] as const;
/** Header values that are no secret (a keyless server's placeholder key). */
const NOT_SECRET = new Set(['sk-no-key-required']);

/**
 * The base64 text of `bytes` as it appears inside the base64 of a longer text, when `offset` (0–2)
 * bytes come before it in the same 3-byte group: only the characters that depend on `bytes` alone.
 */
function base64Middle(bytes: Buffer, offset: number): string {
  const enc = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64').replace(/=+$/, '');
  const n = offset + bytes.length;
  const start = offset === 0 ? 0 : offset === 1 ? 2 : 3;
  const rest = n % 3;
  const end = Math.floor(n / 3) * 4 + (rest === 1 ? 1 : rest === 2 ? 2 : 0);
  return enc.slice(start, end);
}

const toUrlAlphabet = (b64: string) => b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The forms a secret takes in a text: exact, JSON-escaped, URL-encoded, hex, base64(url), longest first. */
export function secretForms(secret: string): string[] {
  const out = new Set<string>([secret]);
  const json = JSON.stringify(secret).slice(1, -1);
  out.add(json);
  out.add(json.replace(/\//g, '\\/'));
  out.add(JSON.stringify(json).slice(1, -1)); // a JSON text inside a JSON string (an error body quoted in a message)
  const url = encodeURIComponent(secret);
  out.add(url);
  out.add(url.replace(/%20/g, '+'));
  out.add(url.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
  const bytes = Buffer.from(secret, 'utf8');
  const hex = bytes.toString('hex');
  out.add(hex);
  out.add(hex.toUpperCase());
  const b64 = bytes.toString('base64');
  out.add(b64);
  out.add(bytes.toString('base64url'));
  for (const offset of [0, 1, 2]) {
    const mid = base64Middle(bytes, offset);
    out.add(mid);
    out.add(toUrlAlphabet(mid));
  }
  return [...out].filter((f) => f.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** The values one header value stands for: itself, the token after an auth scheme, basic auth's `user:pass` and password. */
export function headerSecrets(value: string): string[] {
  const v = value.trim();
  const out = [v];
  const m = /^(bearer|basic|token|apikey|key)\s+(\S+)$/i.exec(v);
  if (m) {
    out.push(m[2]);
    if (m[1].toLowerCase() === 'basic') {
      const decoded = Buffer.from(m[2], 'base64').toString('utf8');
      if (/^[^:\u0000-\u001f]*:[^\u0000-\u001f]*$/.test(decoded)) out.push(decoded, decoded.slice(decoded.indexOf(':') + 1));
    }
  }
  return out;
}

/** The secrets of a set of headers: every value, whatever the header's name, but the plain headers' (Accept, User-Agent..., lib/graph/tool-headers.ts). */
export function headersSecrets(headers: Record<string, string> | null | undefined): string[] {
  return Object.entries(headers ?? {}).flatMap(([name, value]) => (isPlainHeader(name) ? [] : headerSecrets(value)));
}

/** A connection's secrets: its API key and its header values (headersSecrets). */
export function connectionSecrets(c: { api_key?: string | null; headers?: Record<string, string> | null }): string[] {
  return [...(c.api_key ? headerSecrets(c.api_key) : []), ...headersSecrets(c.headers)];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A set of secret values and the redaction of texts and JSON-like values against it. */
export class SecretSet {
  private values = new Map<string, true>();
  private pattern: RegExp | null = null;
  private dirty = false;

  constructor(values: Iterable<string | null | undefined> = []) {
    this.add(values);
  }

  get size(): number {
    return this.values.size;
  }

  /** Adds values (too short, empty and placeholder values are ignored); true when one was new. */
  add(values: Iterable<string | null | undefined>): boolean {
    let added = false;
    for (const raw of values) {
      const v = raw?.trim();
      if (!v || v.length < MIN_SECRET_LENGTH || NOT_SECRET.has(v)) continue;
      if (this.values.has(v)) continue;
      this.values.set(v, true);
      added = true;
      if (this.values.size > MAX_SECRETS) this.values.delete(this.values.keys().next().value!);
    }
    if (added) this.dirty = true;
    return added;
  }

  private regex(): RegExp | null {
    if (this.dirty) {
      const forms = [...new Set([...this.values.keys()].flatMap(secretForms))].sort((a, b) => b.length - a.length);
      this.pattern = forms.length ? new RegExp(forms.map(escapeRe).join('|'), 'g') : null;
      this.dirty = false;
    }
    return this.pattern;
  }

  text(text: string): string {
    const re = this.regex();
    if (!re || !text) return text;
    re.lastIndex = 0;
    return re.test(text) ? text.replace(re, REDACTED) : text;
  }

  /** A copy of a JSON-like value with every string (and object key) redacted; the value itself when nothing changed. */
  value<T>(value: T): T {
    if (!this.regex()) return value;
    return this.deep(value, 0) as T;
  }

  private deep(v: unknown, depth: number): unknown {
    if (typeof v === 'string') return this.text(v);
    if (!v || typeof v !== 'object' || depth > 64) return v;
    if (Array.isArray(v)) {
      let copy: unknown[] | null = null;
      for (let i = 0; i < v.length; i++) {
        const r = this.deep(v[i], depth + 1);
        if (r !== v[i]) (copy ??= v.slice())[i] = r;
      }
      return copy ?? v;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return v; // Dates, buffers, class instances: not text
    let copy: Record<string, unknown> | null = null;
    for (const [k, x] of Object.entries(v)) {
      const rk = this.text(k);
      const rx = this.deep(x, depth + 1);
      if (rk !== k || rx !== x) {
        if (!copy) copy = { ...(v as Record<string, unknown>) };
        if (rk !== k) delete copy[k];
        copy[rk] = rx;
      }
    }
    return copy ?? v;
  }
}

const known = new SecretSet();
let envSeen = '';

function current(): SecretSet {
  const env = ENV_SECRETS.map((n) => process.env[n] ?? '');
  const joined = env.join('\u0000');
  if (joined !== envSeen) {
    envSeen = joined;
    if (known.add(env)) guardConsole();
  }
  return known;
}

/** Tells the redactor about secret values in play (a connection's key, a tool's header value...). */
export function registerSecrets(values: Iterable<string | null | undefined>): void {
  known.add(values);
  if (known.size) guardConsole();
}

/** `text` with every known secret (in any of its forms) replaced by `[redacted]`. */
export function redactText(text: string): string {
  return current().text(text);
}

/** A JSON-like value with every string redacted (the value itself when nothing changed). */
export function redactValue<T>(value: T): T {
  return current().value(value);
}

/** An error with its message (and an AppError's details) redacted; the error itself when nothing changed. */
export function redactError<E>(err: E): E | AppError | Error {
  if (err instanceof AppError) {
    const message = redactText(err.message);
    const details = redactValue(err.details);
    if (message === err.message && details === err.details) return err;
    const copy = new AppError(err.code, message, details);
    copy.stack = redactText(err.stack ?? '');
    return copy;
  }
  if (err instanceof Error) {
    const message = redactText(err.message);
    if (message === err.message) return err;
    const copy = new Error(message);
    copy.name = err.name;
    copy.stack = redactText(err.stack ?? '');
    return copy;
  }
  return err;
}

const GUARDED = Symbol.for('switchyard.redact.console');
const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/**
 * Makes the console of this process print redacted lines: each method formats its arguments as it
 * would, and prints the redacted text when a secret was in it. Installed when the first secret is
 * registered (and again over a method someone replaced since); idempotent.
 */
export function guardConsole(target: Console = console): void {
  for (const name of METHODS) {
    const original = target[name] as ((...args: unknown[]) => void) & { [GUARDED]?: true };
    if (typeof original !== 'function' || original[GUARDED]) continue;
    const guarded = Object.assign(
      function (this: unknown, ...args: unknown[]) {
        if (!args.length) return original.apply(target, args);
        const line = format(...args);
        const clean = redactText(line);
        return clean === line ? original.apply(target, args) : original.call(target, clean);
      },
      { [GUARDED]: true as const },
    );
    target[name] = guarded as Console[typeof name];
  }
}

// A process that loads the redactor with a server key in its environment prints redacted lines from the start.
current();
