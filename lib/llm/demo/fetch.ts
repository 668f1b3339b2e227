/**
 * The demo model: an in-process `fetch` for the openai SDK that speaks the chat-completions
 * protocol (SSE chunks: content deltas, tool-call deltas, finish reason, usage, [DONE]) and answers
 * each node's calls with its scripted replies in order. No network. A call the script does not
 * cover (another input, a graph without a script, a node past its replies) gets DEMO_EXPLANATION,
 * a plain final answer that lets the graph finish.
 */
import { DEMO_EXPLANATION } from '@/lib/contracts/runs';
import type { ScriptedReply } from '@/lib/graph/test-schema';
import { NODE_HEADER } from '../connection';
import type { DemoScript } from './script';

export interface DemoFetchOptions {
  /** Calls made so far per node id (kept by the caller, so a resumed run goes on where it was). */
  calls: Map<string, number>;
  /** Pause between streamed chunks, so a person watches the trace grow (0 in tests). */
  delayMs?: number;
}

interface Reply {
  content: string | null;
  tool_calls: Array<{ id: string; name: string; arguments: string }>;
  finish_reason: string;
  usage?: { input: number; output: number };
}

type Message = { role?: string; content?: unknown };

/** The explanation, as a ReAct final answer when the prompt asks for that format. */
function explanation(messages: Message[]): string {
  const react = messages.some((m) => typeof m.content === 'string' && m.content.includes('Final Answer:'));
  return react ? `Thought: I am the demo model.\nFinal Answer: ${DEMO_EXPLANATION}` : DEMO_EXPLANATION;
}

function toReply(r: ScriptedReply, node: string, n: number): Reply {
  const reply = typeof r === 'string' ? { content: r } : r;
  const tool_calls = (reply.tool_calls ?? []).map((c, i) => ({
    id: c.id ?? `call_demo_${node}_${n + 1}_${i + 1}`,
    name: c.name,
    arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}),
  }));
  return {
    content: reply.content ?? null,
    tool_calls,
    finish_reason: reply.finish_reason ?? (tool_calls.length ? 'tool_calls' : 'stop'),
    ...(reply.usage ? { usage: reply.usage } : {}),
  };
}

/** Text in pieces of a few words (each piece keeps its trailing space), as a model streams it. */
export function textPieces(text: string): string[] {
  return text.match(/(\S+\s*){1,3}|\s+/g) ?? [];
}

function chunksOf(reply: Reply, model: string, id: string, inputTokens: number, withUsage: boolean): object[] {
  const created = 0;
  const chunk = (delta: object, finish_reason: string | null = null) => ({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason }] });
  const out: object[] = [chunk({ role: 'assistant', content: '' })];
  for (const piece of textPieces(reply.content ?? '')) out.push(chunk({ content: piece }));
  reply.tool_calls.forEach((c, index) => {
    out.push(chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] }));
    const half = Math.ceil(c.arguments.length / 2);
    for (const part of [c.arguments.slice(0, half), c.arguments.slice(half)]) if (part) out.push(chunk({ tool_calls: [{ index, function: { arguments: part } }] }));
  });
  out.push(chunk({}, reply.finish_reason));
  if (withUsage) {
    // Scripted usage when given, else a rough count (4 characters a token) so cost and usage views have numbers.
    const input = reply.usage?.input ?? inputTokens;
    const output = reply.usage?.output ?? Math.ceil(((reply.content ?? '').length + JSON.stringify(reply.tool_calls).length * (reply.tool_calls.length ? 1 : 0)) / 4);
    out.push({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output } });
  }
  return out;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    // The listener goes when the pause ends: a long stream of chunks must not pile them up on one signal.
    const onAbort = () => (clearTimeout(t), reject(signal!.reason));
    const t = setTimeout(() => (signal?.removeEventListener('abort', onAbort), resolve()), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A `fetch` answering POST …/chat/completions from `script` (null: every call gets the explanation). */
export function demoFetch(script: DemoScript | null, opts: DemoFetchOptions): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  let ids = 0;
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!/\/chat\/completions$/.test(new URL(url).pathname)) {
      return jsonResponse(404, { error: { message: 'The demo model answers chat completions only.', type: 'invalid_request_error' } });
    }
    let body: { model?: string; messages?: Message[]; stream?: boolean; stream_options?: { include_usage?: boolean } };
    try {
      body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}');
    } catch {
      return jsonResponse(400, { error: { message: 'The request body is not JSON.', type: 'invalid_request_error' } });
    }
    const node = new Headers(init?.headers).get(NODE_HEADER) ?? '?';
    const n = opts.calls.get(node) ?? 0;
    opts.calls.set(node, n + 1);
    const messages = body.messages ?? [];
    const scripted = script && Object.hasOwn(script.replies, node) ? script.replies[node][n] : undefined;
    const reply = scripted !== undefined ? toReply(scripted, node, n) : { content: explanation(messages), tool_calls: [], finish_reason: 'stop' };
    const inputTokens = Math.ceil(JSON.stringify(messages).length / 4);
    const chunks = chunksOf(reply, body.model ?? 'demo', `chatcmpl-demo-${++ids}`, inputTokens, !!body.stream_options?.include_usage);
    const lines = [...chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`), 'data: [DONE]\n\n'];
    const signal = init?.signal;
    const encoder = new TextEncoder();
    let i = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(ctrl) {
        if (i > 0 && opts.delayMs) await sleep(opts.delayMs, signal);
        if (i >= lines.length) return ctrl.close();
        ctrl.enqueue(encoder.encode(lines[i++]));
      },
    });
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
}
