/**
 * "Test" for a model connection: one real GET {base_url}/models through the openai SDK (no retries,
 * 10 s timeout) and a verdict a person can act on: unauthorized, unreachable, timed out, not an
 * OpenAI-compatible server, or the first model ids. The key is redacted from anything echoed back.
 * Then three tiny chat calls to the first listed model find out what the server accepts (`stop`,
 * `tools`, `stream_options.include_usage`): a 400 that names the parameter means it is refused.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { type TestConnectionResponse, type TestFailureCode } from '@/lib/contracts/connections';
import { blockedByPolicy, openaiClient, type Connection } from '@/lib/llm';
import { connectionSecrets, registerSecrets, redactText } from '@/lib/tools/redact';

const TEST_TIMEOUT_MS = 10_000;
const MAX_MODELS = 20;

type Failure = Extract<TestConnectionResponse, { ok: false }>;

export async function probeConnection(c: Connection, timeoutMs = TEST_TIMEOUT_MS): Promise<TestConnectionResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // The client model calls use: the same outbound address policy (a private address only when allowed).
  const client = openaiClient(c, timeoutMs);
  const url = `${c.base_url.replace(/\/+$/, '')}/models`;
  try {
    const { data: page, response } = await client.models.list().withResponse();
    const mediaType = response.headers.get('content-type') ?? '';
    const isJson = /application\/json|\+json/i.test(mediaType);
    if (!isJson || (page.object !== 'list' && page.data.length === 0)) {
      const what = isJson ? 'JSON without a model list' : `${mediaType.split(';')[0] || 'a body without a content type'}, not JSON`;
      return fail('not_openai_compatible', `Not an OpenAI-compatible server: GET ${url} answered ${what}. Check that the base URL ends in /v1.`, elapsed(), response.status);
    }
    const ids = page.data.map((m) => m?.id).filter((id): id is string => typeof id === 'string');
    const found = ids.length ? await probeSupports(client, ids[0]) : undefined;
    const refused = found && Object.keys(found.refused).length ? { refused: redactAll(found.refused, c) } : {};
    return {
      ok: true,
      models: ids.slice(0, MAX_MODELS),
      model_count: ids.length,
      latency_ms: elapsed(),
      ...(found ? { supports: found.supports, probe_model: ids[0], ...refused } : {}),
    };
  } catch (err) {
    const f = describeFailure(err, url, timeoutMs);
    return fail(f.code, redact(f.message, c), elapsed(), f.status);
  }
}

type Param = 'stop' | 'tools' | 'stream_usage';

/** A refusal of `param`: a 400 whose message names it (what real servers answer to what they do not support). */
function refusal(err: unknown, names: RegExp): string | undefined {
  if (!(err instanceof APIError) || err.status !== 400) return undefined;
  const said = serverSaid(err);
  return names.test(said) ? `${err.status} ${said}` : undefined;
}

/**
 * Asks `model` three one-token questions: with `stop`, with `tools`, streamed with
 * `stream_options.include_usage`. Any other failure (a busy server, a model that cannot chat)
 * says nothing about the parameter: it counts as supported.
 */
async function probeSupports(client: OpenAI, model: string): Promise<{ supports: Record<Param, boolean>; refused: Partial<Record<Param, string>> }> {
  const messages = [{ role: 'user' as const, content: 'Say OK.' }];
  const probes: Record<Param, { names: RegExp; call: () => Promise<unknown> }> = {
    stop: { names: /\bstop\b/i, call: () => client.chat.completions.create({ model, messages, max_tokens: 1, stop: ['\n\n'] }) },
    tools: {
      names: /\btools?\b|tool_choice|function/i,
      call: () =>
        client.chat.completions.create({ model, messages, max_tokens: 1, tools: [{ type: 'function', function: { name: 'noop', description: 'Does nothing.', parameters: { type: 'object', properties: {} } } }] }),
    },
    stream_usage: {
      names: /stream_options|include_usage/i,
      call: async () => {
        const stream = await client.chat.completions.create({ model, messages, max_tokens: 1, stream: true, stream_options: { include_usage: true } });
        for await (const _ of stream) {
          // drain
        }
      },
    },
  };
  const supports: Record<Param, boolean> = { stop: true, tools: true, stream_usage: true };
  const refused: Partial<Record<Param, string>> = {};
  for (const [param, probe] of Object.entries(probes) as [Param, (typeof probes)[Param]][]) {
    try {
      await probe.call();
    } catch (err) {
      const why = refusal(err, probe.names);
      if (why) {
        supports[param] = false;
        refused[param] = why;
      }
    }
  }
  return { supports, refused };
}

function redactAll(texts: Record<string, string>, c: Connection): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, redact(v, c)]));
}

function fail(code: TestFailureCode, message: string, latency_ms: number, status?: number): Failure {
  return status === undefined ? { ok: false, code, message, latency_ms } : { ok: false, code, message, latency_ms, status };
}

/** A failed GET {base_url}/models in words a person can act on (also the models list's, ../models). */
export function describeFailure(err: unknown, url: string, timeoutMs: number): { code: TestFailureCode; message: string; status?: number } {
  if (err instanceof APIConnectionTimeoutError) {
    return { code: 'timeout', message: `Timed out: GET ${url} got no answer within ${timeoutMs / 1000} s.` };
  }
  const blocked = blockedByPolicy(err);
  if (blocked) return { code: 'blocked', message: `Blocked: ${blocked.message}` };
  if (err instanceof APIConnectionError) {
    const cause = networkCause(err);
    return { code: 'unreachable', message: `Unreachable: could not connect to ${url}${cause ? ` (${cause})` : ''}. Is the server running and the URL right?` };
  }
  if (err instanceof APIError && err.status !== undefined) {
    const said = serverSaid(err);
    const answered = `${err.status}${said ? ` ${said}` : ''}`;
    if (err.status === 401 || err.status === 403) {
      return { code: 'unauthorized', status: err.status, message: `Unauthorized: the server refused the API key (${answered}). Check the key and any auth headers.` };
    }
    if (err.status === 404 || err.status === 405) {
      return {
        code: 'not_openai_compatible',
        status: err.status,
        message: `Not an OpenAI-compatible server: GET ${url} answered ${answered}. Check that the base URL ends in /v1.`,
      };
    }
    return { code: 'server_error', status: err.status, message: `The server answered ${answered} to GET ${url}.` };
  }
  // The SDK could not make sense of the answer (e.g. invalid JSON under a JSON content type).
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'not_openai_compatible', message: `Not an OpenAI-compatible server: GET ${url} gave an answer the client could not read (${message.slice(0, 200)}).` };
}

function serverSaid(err: APIError): string {
  const body = err.error as { message?: unknown } | string | undefined;
  const text = body && typeof body === 'object' && typeof body.message === 'string' ? body.message : typeof body === 'string' ? body : '';
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/**
 * The network error code (ECONNREFUSED, ENOTFOUND, ...) from the innermost cause, looking into
 * AggregateError lists and, last, the messages; '' when there is none.
 */
function networkCause(err: unknown, depth = 0): string {
  if (!err || typeof err !== 'object' || depth > 6) return '';
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown; message?: unknown };
  const inner = networkCause(e.cause, depth + 1) || (Array.isArray(e.errors) ? networkCause(e.errors[0], depth + 1) : '');
  if (inner) return inner;
  if (typeof e.code === 'string' && /^E[A-Z_]+$/.test(e.code)) return e.code;
  return typeof e.message === 'string' ? (/\bE(?:CONN[A-Z]+|NOTFOUND|AI_AGAIN|HOSTUNREACH|NETUNREACH|TIMEDOUT)\b/.exec(e.message)?.[0] ?? '') : '';
}

/** The key (and header values) never travel back, even if a server echoes them (in any encoding): the one redactor. */
export function redact(message: string, c: Connection): string {
  registerSecrets(connectionSecrets(c));
  return redactText(message);
}
