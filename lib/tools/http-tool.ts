/**
 * The `http` tool (OPEA `callable_api`): an operator-described API the model can call.
 *   url       template; `{arg}` is filled URL-encoded from the arguments (path and query only, never the host)
 *   method    GET (default) / POST / PUT / PATCH / DELETE; arguments not used by the template go in a
 *             JSON body for POST/PUT/PATCH, in the query string otherwise
 *   headers   static; `${env:NAME}` is resolved server-side from the environment, for names the
 *             operator exposed (TOOL_* or listed in SWITCHYARD_TOOL_ENV), so an imported graph
 *             cannot read arbitrary secrets
 *   args_schema   the function's parameters and the check of what the model sent
 *   return_output dotted path kept from a JSON response (e.g. `data.items.0.title`)
 */
import type { ToolDefinition } from '../engine/ports';
import type { ToolSpec } from '../graph/schema';
import { checkArgs, type JsonSchema } from './args-schema';
import { guardedFetch, safeUrl } from './http-client';
import { addIdempotencyKey, argsObject, successText, toolError, withCutNote } from './tool-call';
import { isPlainHeader } from '../graph/tool-headers';
import { headerSecrets, registerSecrets } from './redact';

export type HttpToolSpec = Extract<ToolSpec, { type: 'http' }>;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

function templateParams(url: string): string[] {
  return [...new Set([...url.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/** The function parameters: args_schema, or one required string per URL placeholder. */
function httpParameters(spec: HttpToolSpec): Record<string, unknown> {
  if (spec.args_schema) return spec.args_schema;
  const params = templateParams(spec.url);
  return { type: 'object', properties: Object.fromEntries(params.map((p) => [p, { type: 'string' }])), required: params };
}

export function httpDefinition(name: string, spec: HttpToolSpec): ToolDefinition {
  return {
    type: 'function',
    function: { name, description: spec.description ?? `Call ${spec.method ?? 'GET'} ${safeUrl(spec.url.replace(PLACEHOLDER, 'x'))}`, parameters: httpParameters(spec) },
  };
}

/** Fills `{arg}` placeholders (URL-encoded); returns the URL and the arguments it did not use. */
export function fillUrl(template: string, args: Record<string, unknown>): { url: string; rest: Record<string, unknown> } {
  const schemeEnd = template.indexOf('://');
  const hostEnd = template.indexOf('/', schemeEnd >= 0 ? schemeEnd + 3 : 0);
  const authority = template.slice(0, hostEnd >= 0 ? hostEnd : template.length);
  if (authority.includes('{')) throw toolError(`The URL template "${template}" has a placeholder in its scheme or host; placeholders may only fill the path and query`);
  const used = new Set<string>();
  const url = template.replace(PLACEHOLDER, (_, name: string) => {
    const v = args[name];
    if (v === undefined || v === null) throw toolError(`Missing argument "${name}" for the URL template`);
    used.add(name);
    return encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
  });
  const rest = Object.fromEntries(Object.entries(args).filter(([k]) => !used.has(k)));
  return { url, rest };
}

const ENV_REF = /\$\{env:([^}]*)\}/g;

/** Resolves `${env:NAME}` in header values, for variables the operator exposed to tools. */
export function resolveHeaders(headers: Record<string, string> | undefined, env: Record<string, string | undefined> = process.env): Record<string, string> {
  const exposed = new Set((env.SWITCHYARD_TOOL_ENV ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers ?? {})) {
    out[key] = value.replace(ENV_REF, (_, name: string) => {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw toolError(`Header "${key}": "\${env:${name}}" is not a valid environment variable name`);
      if (!name.startsWith('TOOL_') && !exposed.has(name)) {
        throw toolError(`Header "${key}": environment variable ${name} is not exposed to tools. Name it TOOL_${name} or list it in SWITCHYARD_TOOL_ENV.`);
      }
      const v = env[name];
      if (v === undefined || v === '') throw toolError(`Header "${key}": environment variable ${name} is not set on the server`);
      registerSecrets(headerSecrets(v));
      return v;
    });
    // Any other header's value is a credential (lib/graph/tool-headers.ts): the redactor masks it wherever it comes back.
    if (!isPlainHeader(key)) registerSecrets(headerSecrets(out[key]));
  }
  return out;
}

/** Keeps the dotted path `path` of a JSON value (`a.b.0.c`). */
export function pickPath(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const part of path.split('.').filter(Boolean)) {
    if (cur !== null && typeof cur === 'object' && Object.prototype.hasOwnProperty.call(cur, part)) cur = (cur as Record<string, unknown>)[part];
    else throw toolError(`return_output "${path}": "${part}" is not in the response`);
  }
  return cur;
}

export interface HttpRunContext {
  signal: AbortSignal;
  allowedHosts?: string[];
  maxBytes?: number;
  /** Sent as `Idempotency-Key` (unless the spec sets that header): the same on every retry of the call. */
  idempotencyKey?: string;
}

export async function runHttpTool(spec: HttpToolSpec, rawArgs: unknown, ctx: HttpRunContext): Promise<string> {
  const args = argsObject(rawArgs, 'The arguments are not valid JSON');
  const problems = checkArgs(args, httpParameters(spec) as JsonSchema);
  if (problems.length) throw toolError(`Invalid arguments: ${problems.join('; ')}`, { problems });
  const method = spec.method ?? 'GET';
  const { url, rest } = fillUrl(spec.url, args);
  const headers = resolveHeaders(spec.headers);
  addIdempotencyKey(headers, ctx.idempotencyKey);
  let finalUrl = url;
  let body: string | undefined;
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    body = JSON.stringify(rest);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  } else if (Object.keys(rest).length) {
    const u = new URL(url);
    for (const [k, v] of Object.entries(rest)) u.searchParams.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    finalUrl = u.toString();
  }
  const res = await guardedFetch({
    url: finalUrl,
    method,
    headers,
    body,
    signal: ctx.signal,
    allowedHosts: ctx.allowedHosts,
    maxBytes: ctx.maxBytes,
    timeoutMs: spec.timeout_s ? spec.timeout_s * 1000 : undefined,
  });
  const text = successText(res, method);
  if (!spec.return_output) return withCutNote(res, text);
  if (res.truncated) throw toolError(`The response is larger than ${res.body.length} bytes, so return_output "${spec.return_output}" cannot be read from it`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw toolError(`return_output "${spec.return_output}" needs a JSON response, but ${safeUrl(res.url)} sent: ${text.slice(0, 200)}`);
  }
  const picked = pickPath(json, spec.return_output);
  return typeof picked === 'string' ? picked : JSON.stringify(picked);
}
