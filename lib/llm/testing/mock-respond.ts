/** Writes a scripted reply in the OpenAI wire format: SSE chunks, a JSON completion, or an error. */
import type { ServerResponse } from 'node:http';
import { allText } from './conversation';
import type { MockChatRequest, MockContentReply, MockReply } from './mock-types';

let idCounter = 0;
const nextId = (prefix: string) => `${prefix}-mock-${++idCounter}`;

function pieces(text: string, size: number | undefined): string[] {
  if (!size || text.length <= size) return [text];
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

interface NormalizedCall {
  id: string;
  name: string;
  arguments: string;
}

function normalizeCalls(reply: MockContentReply): NormalizedCall[] {
  return (reply.tool_calls ?? []).map((tc) => ({
    id: tc.id ?? nextId('call'),
    name: tc.name,
    arguments: typeof tc.arguments === 'string' ? tc.arguments : JSON.stringify(tc.arguments),
  }));
}

/** Deterministic rough token counts (chars / 4) unless the rule fixes them. */
function usageFor(req: MockChatRequest, reply: MockContentReply, calls: NormalizedCall[]) {
  if (reply.usage) {
    const u = reply.usage;
    return { prompt_tokens: u.prompt_tokens, completion_tokens: u.completion_tokens, total_tokens: u.total_tokens ?? u.prompt_tokens + u.completion_tokens };
  }
  const prompt = Math.ceil(allText(req).length / 4);
  const completion = Math.ceil(((reply.content ?? '').length + calls.reduce((n, c) => n + c.name.length + c.arguments.length, 0)) / 4);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

type Delta = Record<string, unknown>;

/** The sequence of deltas a streamed reply is made of (content first, then tool calls). */
function replyDeltas(reply: MockContentReply, calls: NormalizedCall[]): Delta[] {
  const deltas: Delta[] = [{ role: 'assistant', content: '' }];
  if (reply.content) for (const p of pieces(reply.content, reply.chunkSize)) deltas.push({ content: p });
  const perCall = calls.map((c, index) => {
    const args = pieces(c.arguments, reply.chunkSize);
    // The name and id come in the first fragment only, as OpenAI does.
    const first: Delta = { tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: reply.chunkSize ? '' : c.arguments } }] };
    const rest = reply.chunkSize ? args.map((a) => ({ tool_calls: [{ index, function: { arguments: a } }] })) : [];
    return [first, ...rest];
  });
  if (reply.interleave) {
    const longest = Math.max(0, ...perCall.map((p) => p.length));
    for (let i = 0; i < longest; i++) for (const p of perCall) if (p[i]) deltas.push(p[i]);
  } else {
    for (const p of perCall) deltas.push(...p);
  }
  return deltas;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface WriteContext {
  /** Resolves (or is already true) when the client has gone away. */
  isClosed(): boolean;
}

/** Real servers cut the output at the first stop sequence; so does the mock. */
function applyStop(content: string | undefined, stop: MockChatRequest['stop']): string | undefined {
  if (content === undefined || !stop) return content;
  let cut = content.length;
  for (const s of Array.isArray(stop) ? stop : [stop]) {
    const i = s ? content.indexOf(s) : -1;
    if (i >= 0 && i < cut) cut = i;
  }
  return content.slice(0, cut);
}

export async function writeContentReply(res: ServerResponse, req: MockChatRequest, scripted: MockContentReply, ctx: WriteContext): Promise<void> {
  const reply = { ...scripted, content: applyStop(scripted.content, req.stop) };
  const calls = normalizeCalls(reply);
  const model = reply.model ?? req.model;
  const finish = reply.finish_reason ?? (calls.length ? 'tool_calls' : 'stop');
  const usage = usageFor(req, reply, calls);
  const id = nextId('chatcmpl');
  const created = Math.floor(Date.now() / 1000);

  if (!req.stream) {
    const message: Record<string, unknown> = { role: 'assistant', content: reply.content ?? (calls.length ? null : '') };
    if (calls.length) message.tool_calls = calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
    sendJson(res, 200, { id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: finish, logprobs: null }], usage });
    return;
  }

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const chunk = (delta: Delta, finish_reason: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason, logprobs: null }],
  });
  const frames: unknown[] = replyDeltas(reply, calls).map((d) => chunk(d, null));
  frames.push(chunk({}, finish));
  if (req.stream_options?.include_usage) frames.push({ id, object: 'chat.completion.chunk', created, model, choices: [], usage });

  let sent = 0;
  for (const frame of frames) {
    if (reply.stallAfter !== undefined && sent >= reply.stallAfter) return; // stall: never finish
    if (reply.truncateAfter !== undefined && sent >= reply.truncateAfter) return void res.end(); // cut short: no finish, no [DONE]
    if (reply.delayMs) await sleep(reply.delayMs);
    if (ctx.isClosed()) return;
    res.write(`data: ${JSON.stringify(frame)}\n\n`);
    sent++;
  }
  res.end('data: [DONE]\n\n');
}

export function writeErrorReply(res: ServerResponse, e: Extract<MockReply, { error: unknown }>['error']): void {
  const headers: Record<string, string> = {};
  if (e.retryAfter !== undefined) headers['retry-after'] = String(e.retryAfter);
  if (e.retryAfterMs !== undefined) headers['retry-after-ms'] = String(e.retryAfterMs);
  const type = e.status === 429 ? 'rate_limit_exceeded' : e.status >= 500 ? 'server_error' : 'invalid_request_error';
  const body = e.body ?? { error: { message: e.message ?? `mock error ${e.status}`, type, code: type } };
  sendJson(res, e.status, body, headers);
}

/** Writes `text`, waiting for the socket to drain when its buffer is full; false once the client is gone. */
async function writeDrained(res: ServerResponse, text: string, ctx: WriteContext): Promise<boolean> {
  if (ctx.isClosed()) return false;
  if (res.write(text)) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  return !ctx.isClosed();
}

/** A reply of `flood.bytes` bytes, streamed (SSE) or as one JSON body, made piece by piece (never held whole). */
export async function writeFlood(res: ServerResponse, req: MockChatRequest, flood: Extract<MockReply, { flood: unknown }>['flood'], ctx: WriteContext): Promise<void> {
  const id = nextId('chatcmpl');
  const created = Math.floor(Date.now() / 1000);
  const piece = 'x'.repeat(flood.chunkBytes ?? 16 * 1024);
  let sent = 0;
  if (flood.json) {
    res.writeHead(200, { 'content-type': 'application/json' });
    const head = `{"id":"${id}","object":"chat.completion","created":${created},"model":${JSON.stringify(req.model)},"choices":[{"index":0,"message":{"role":"assistant","content":"`;
    if (!(await writeDrained(res, head, ctx))) return;
    for (sent = head.length; sent < flood.bytes; sent += piece.length) if (!(await writeDrained(res, piece, ctx))) return;
    res.end('"},"finish_reason":"stop"}]}');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const frame = `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: req.model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`;
  while (sent < flood.bytes) {
    if (!(await writeDrained(res, frame, ctx))) return;
    sent += frame.length;
  }
  res.end('data: [DONE]\n\n');
}

/** A 200 event stream whose first chunk is not JSON. */
export function writeGarbage(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.end('data: {this is not json\n\ndata: [DONE]\n\n');
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
