/**
 * A real HTTP server speaking the OpenAI chat-completions protocol, with scripted replies chosen by
 * the conversation. Used by vitest suites (startMockOpenAI) and by the e2e run (serve.ts).
 *
 *   POST /v1/chat/completions   stream (SSE chunks, usage chunk, [DONE]) or JSON
 *   POST /v1/embeddings         deterministic hashed bag-of-words vectors (mock-embeddings.ts)
 *   GET  /v1/models, GET /health
 *   POST /__mock/script {rules, mode?}, POST /__mock/reset, GET /__mock/requests
 *   POST /v1/moderations (mock-moderation.ts: a fixed word list per category)
 *   plus the fake tool back ends of mock-tool-routes.ts (search, echo)
 * `refuse` makes it a server that does not accept `stop`, `tools`, `stream_options` or `response_format` (a 400 naming
 * the parameter, as real servers answer).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lastUserText, ruleMatches } from './conversation';
import { sendJson, writeContentReply, writeErrorReply, writeFlood, writeGarbage } from './mock-respond';
import { handleModerationRoute } from './mock-moderation';
import { handleToolRoute, type SearchFixture } from './mock-tool-routes';
import { handleEmbeddings } from './mock-embeddings';
import { MockScriptSchema, type MockChatRequest, type MockReply, type MockRule } from './mock-types';

export interface RecordedRequest {
  seq: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON body (or the raw text when it was not JSON). */
  body: unknown;
  /** Name (or index) of the rule that answered a chat request. */
  rule?: string;
  status?: number;
  /** The client closed the connection before the response was complete. */
  clientClosed: boolean;
}

export interface MockOpenAIOptions {
  port?: number;
  host?: string;
  rules?: MockRule[];
  /** Canned results for the fake search back ends. */
  search?: SearchFixture[];
  /** When set, requests must carry `Authorization: Bearer <requireKey>` or get a 401. */
  requireKey?: string;
  models?: string[];
  /** Parameters this server refuses with a 400 naming them (like servers that do not support them). */
  refuse?: RefusedParams;
  /** Wait this long before answering each chat request (a model's latency; benchmarks). */
  latencyMs?: number;
}

export interface RefusedParams {
  stop?: boolean;
  tools?: boolean;
  stream_options?: boolean;
  response_format?: boolean;
}

export interface MockOpenAI {
  /** Base URL for an OpenAI client: http://127.0.0.1:<port>/v1 */
  url: string;
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  close(): Promise<void>;
  /** Replace the rules (default), or put these first. */
  script(rules: MockRule[], mode?: 'replace' | 'prepend'): void;
  /** Back to the rules the server started with; forget recorded requests. */
  reset(): void;
  readonly requests: RecordedRequest[];
  /** Bodies of POST /v1/chat/completions requests, in order. */
  chatRequests(): MockChatRequest[];
  /** Chat requests answered by the rule with this name (all chat requests when omitted). */
  count(ruleName?: string): number;
  /** Resolves at the next (or a past, unawaited) client disconnect before a response completed. */
  waitForClientClose(): Promise<RecordedRequest>;
  /** From now on refuse these parameters (replaces the `refuse` option; {} accepts everything). */
  refuse(params: RefusedParams): void;
  /** From now on, chat requests wait (held) until released. */
  hold(): void;
  /** Answers the `n` longest-held chat requests (all when omitted, and stops holding). */
  release(n?: number): void;
  /** Resolves once at least `n` chat requests are held. */
  whenHeld(n: number): Promise<void>;
  /** Chat requests being answered now, and the most at once since the start (or the last reset). */
  concurrency(): { now: number; peak: number };
}

const MAX_BODY = 10 * 1024 * 1024;

interface RuleSlot {
  rule: MockRule;
  uses: number;
}

export async function startMockOpenAI(opts: MockOpenAIOptions = {}): Promise<MockOpenAI> {
  const initial = opts.rules ?? [];
  let slots: RuleSlot[] = initial.map((rule) => ({ rule, uses: 0 }));
  const requests: RecordedRequest[] = [];
  const closedQueue: RecordedRequest[] = [];
  const closeWaiters: Array<(r: RecordedRequest) => void> = [];
  let seq = 0;
  let refused: RefusedParams = opts.refuse ?? {};
  let holding = false;
  let inFlight = 0;
  let peak = 0;
  const held: Array<() => void> = [];
  const heldWaiters: Array<{ n: number; resolve: () => void }> = [];
  const notifyHeld = () => {
    for (const w of [...heldWaiters]) {
      if (held.length < w.n) continue;
      heldWaiters.splice(heldWaiters.indexOf(w), 1);
      w.resolve();
    }
  };

  const onClientClose = (rec: RecordedRequest) => {
    rec.clientClosed = true;
    const waiter = closeWaiters.shift();
    if (waiter) waiter(rec);
    else closedQueue.push(rec);
  };

  const pick = (req: MockChatRequest): { name: string; reply: MockReply } | null => {
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (slot.rule.times !== undefined && slot.uses >= slot.rule.times) continue;
      if (!ruleMatches(slot.rule, req)) continue;
      slot.uses++;
      const reply = typeof slot.rule.reply === 'function' ? slot.rule.reply(req) : slot.rule.reply;
      return { name: slot.rule.name ?? `#${i}`, reply };
    }
    return null;
  };

  async function handle(req: IncomingMessage, res: ServerResponse, rec: RecordedRequest): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://mock');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/health') return sendJson(res, 200, { ok: true });
    if (path.startsWith('/v1/') && opts.requireKey && req.headers.authorization !== `Bearer ${opts.requireKey}`) {
      return sendJson(res, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
    }
    if (req.method === 'GET' && path === '/v1/models') {
      const models = opts.models ?? ['mock-model', 'gpt-4o-mini'];
      return sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'mock' })) });
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') return chat(res, rec);
    if (req.method === 'POST' && path === '/v1/embeddings') return handleEmbeddings(res, rec.body);
    if (req.method === 'POST' && path === '/__mock/script') {
      const parsed = MockScriptSchema.safeParse(rec.body);
      if (!parsed.success) return sendJson(res, 400, { error: { message: `Bad mock script: ${parsed.error.message}` } });
      api.script(parsed.data.rules, parsed.data.mode);
      return sendJson(res, 200, { ok: true, rules: slots.length });
    }
    if (req.method === 'POST' && path === '/__mock/reset') {
      api.reset();
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === 'GET' && path === '/__mock/requests') {
      return sendJson(res, 200, { requests: requests.filter((r) => !r.path.startsWith('/__mock/')) });
    }
    if (handleModerationRoute(req.method ?? 'GET', path, rec.body, res)) return;
    if (handleToolRoute(req.method ?? 'GET', url, rec.body, rec.headers, res, opts.search ?? [])) return;
    sendJson(res, 404, { error: { message: `mock: no route ${req.method} ${path}` } });
  }

  async function chat(res: ServerResponse, rec: RecordedRequest): Promise<void> {
    const body = rec.body as MockChatRequest;
    inFlight++;
    peak = Math.max(peak, inFlight);
    res.once('close', () => inFlight--);
    if (!body || typeof body !== 'object' || typeof body.model !== 'string' || !Array.isArray(body.messages)) {
      return sendJson(res, 400, { error: { message: 'mock: body must be a JSON object with `model` and `messages`', type: 'invalid_request_error' } });
    }
    const param = (['stop', 'tools', 'stream_options', 'response_format'] as const).find((k) => refused[k] && (body as unknown as Record<string, unknown>)[k] != null);
    if (param) {
      return sendJson(res, 400, { error: { message: `Unsupported parameter: '${param}' is not supported by this model.`, type: 'invalid_request_error', param, code: 'unsupported_parameter' } });
    }
    if (opts.latencyMs) await new Promise((r) => setTimeout(r, opts.latencyMs));
    if (holding) {
      await new Promise<void>((resolve) => {
        held.push(resolve);
        notifyHeld();
      });
    }
    const picked = pick(body);
    if (!picked) {
      const last = lastUserText(body);
      return sendJson(res, 400, {
        error: {
          message: `mock: no rule matches this request (model "${body.model}", ${body.messages.length} messages, last user message: ${JSON.stringify(last.slice(0, 300))})`,
          type: 'invalid_request_error',
          code: 'mock_no_match',
        },
      });
    }
    rec.rule = picked.name;
    const reply = picked.reply;
    if ('error' in reply) return writeErrorReply(res, reply.error);
    if ('hang' in reply) return; // never answer; the socket stays open until the client gives up
    if ('garbage' in reply) return writeGarbage(res);
    if ('flood' in reply) return writeFlood(res, body, reply.flood, { isClosed: () => rec.clientClosed || res.destroyed });
    await writeContentReply(res, body, reply, { isClosed: () => rec.clientClosed || res.destroyed });
  }

  const server = createServer((req, res) => {
    const rec: RecordedRequest = {
      seq: ++seq,
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0],
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
      body: undefined,
      clientClosed: false,
    };
    res.on('close', () => {
      rec.status = res.statusCode;
      if (!res.writableFinished) onClientClose(rec);
    });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        rec.body = text ? JSON.parse(text) : undefined;
      } catch {
        rec.body = text;
      }
      requests.push(rec);
      handle(req, res, rec).catch((err: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: { message: `mock crashed: ${err instanceof Error ? err.message : String(err)}` } });
        else res.destroy();
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  const api: MockOpenAI = {
    url: `${origin}/v1`,
    origin,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    script(rules, mode = 'replace') {
      const fresh = rules.map((rule) => ({ rule, uses: 0 }));
      slots = mode === 'prepend' ? [...fresh, ...slots] : fresh;
    },
    refuse(params) {
      refused = params;
    },
    concurrency: () => ({ now: inFlight, peak }),
    hold() {
      holding = true;
    },
    release(n) {
      if (n === undefined) holding = false;
      for (let i = 0; i < (n ?? Infinity) && held.length; i++) held.shift()!();
    },
    whenHeld: (n) =>
      new Promise<void>((resolve) => {
        heldWaiters.push({ n, resolve });
        notifyHeld();
      }),
    reset() {
      slots = initial.map((rule) => ({ rule, uses: 0 }));
      requests.length = 0;
      closedQueue.length = 0;
      peak = inFlight;
    },
    get requests() {
      return requests;
    },
    chatRequests: () => requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as MockChatRequest),
    count: (ruleName) => requests.filter((r) => r.path === '/v1/chat/completions' && (ruleName === undefined || r.rule === ruleName)).length,
    waitForClientClose: () =>
      new Promise<RecordedRequest>((resolve) => {
        const past = closedQueue.shift();
        if (past) resolve(past);
        else closeWaiters.push(resolve);
      }),
  };
  return api;
}
