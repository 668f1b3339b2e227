/**
 * The ModelPort over the openai SDK: always streams, accumulates deltas, retries visibly.
 * The SDK runs with maxRetries 0; retries happen here so each one is reported through
 * `req.onRetry` (a trace event) and its wait can be cancelled by `req.signal`.
 */
import type OpenAI from 'openai';
import { Stream } from 'openai/core/streaming';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { AppError } from '../errors';
import type { ChatRequest, ChatResult, ModelPort } from '../engine/ports';
import { NODE_HEADER, type Connection } from './connection';
import { classifyFailure, ModelTimeout, type Failure } from './model-errors';
import { moderate } from './moderation';
import { openaiClient } from './openai-client';
import { abortableSleep, cancelledError, chooseWait, DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';
import { StreamAccumulator, type StreamChunk } from './stream-accumulator';
import { StreamIncomplete, watchDone } from './stream-end';
import { redactError, redactText, redactValue } from '../tools/redact';

export interface ModelPortOptions {
  resolveConnection(name: string): Promise<Connection | null>;
  /** Retries after the first attempt (default 4). */
  maxRetries?: number;
  /** Per-attempt inactivity timeout: until the response starts, and between stream chunks (default 120 s). */
  timeoutMs?: number;
  /** First backoff step (default 500 ms; doubles per retry, ±25% jitter). */
  baseDelayMs?: number;
  /** Cap on any single wait, including a server's Retry-After (default 30 s). */
  maxWaitMs?: number;
  /** Total waiting allowed across the retries of one call (default 120 s). */
  retryBudgetMs?: number;
  /** Injected for tests; defaults to an abortable setTimeout. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

export function noConnectionError(name: string): AppError {
  return new AppError(
    'no_connection',
    `No model connection "${name}" is configured. Set OPENAI_API_KEY (and OPENAI_BASE_URL for an OpenAI-compatible server) or add a connection in Settings.`,
  );
}

export function createModelPort(opts: ModelPortOptions): ModelPort {
  const policy: RetryPolicy = {
    maxRetries: opts.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
    baseDelayMs: opts.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
    maxWaitMs: opts.maxWaitMs ?? DEFAULT_RETRY_POLICY.maxWaitMs,
    retryBudgetMs: opts.retryBudgetMs ?? DEFAULT_RETRY_POLICY.retryBudgetMs,
  };
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const sleep = opts.sleep ?? abortableSleep;
  /** Connections whose server refused `stop` (a 400 naming it): stop words are applied here instead. */
  const noStop = new Set<string>();
  /** Connections whose server refused `stream_options` (a 400 naming it): the usage chunk is not asked for. */
  const noUsage = new Set<string>();

  return {
    /**
     * What leaves the port is redacted (lib/tools/redact.ts): the deltas, the reply, retry reasons
     * and errors (a server that echoes the key in a 401 body) reach the engine without a secret.
     */
    async chat(req: ChatRequest): Promise<ChatResult> {
      const onDelta = req.onDelta;
      const onRetry = req.onRetry;
      const redacted: ChatRequest = {
        ...req,
        ...(onDelta ? { onDelta: (text: string) => onDelta(redactText(text)) } : {}),
        ...(onRetry ? { onRetry: (info: Parameters<typeof onRetry>[0]) => onRetry({ ...info, reason: redactText(info.reason) }) } : {}),
      };
      try {
        const result = await chatCall(redacted);
        const message = redactValue(result.message);
        return message === result.message ? result : { ...result, message };
      } catch (err) {
        throw redactError(err);
      }
    },
    async supports(name: string) {
      return (await opts.resolveConnection(name))?.supports;
    },
    async moderate(req) {
      const connection = await opts.resolveConnection(req.connection);
      if (!connection) throw noConnectionError(req.connection);
      return moderate(connection, req, timeoutMs);
    },
  };

  async function chatCall(req: ChatRequest): Promise<ChatResult> {
    const connection = await opts.resolveConnection(req.connection);
    if (!connection) throw noConnectionError(req.connection);
    const client = openaiClient(connection, timeoutMs);
    const started = Date.now();
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      if (req.signal.aborted) throw cancelledError();
      // A connection saved with supports.stop false, or a server that refused `stop` before.
      const clientStop = !!req.stop?.length && (connection.supports?.stop === false || noStop.has(connection.name));
      const usage = connection.supports?.stream_usage !== false && !noUsage.has(connection.name);
      const once = (r: ChatRequest) => streamOnce(client, r, timeoutMs, usage, !!connection.fetch);
      try {
        const result = clientStop ? await withClientStop(req, once) : await once(req);
        return { ...result, latency_ms: Date.now() - started };
      } catch (err) {
        if (req.signal.aborted) throw cancelledError();
        const failure = classifyFailure(err, connection.name, connection.base_url);
        if (!clientStop && req.stop?.length && failure.status === 400 && /\bstop\b/i.test(failure.reason)) {
          // The server refuses `stop`: ask again without it (once; remembered) and cut at the stop word here.
          noStop.add(connection.name);
          req.onRetry?.({ attempt, wait_ms: 0, reason: `${failure.reason}; retrying without "stop" (the stop words are applied to the reply instead)` });
          continue;
        }
        if (usage && failure.status === 400 && /\bstream_options\b/i.test(failure.reason)) {
          noUsage.add(connection.name);
          req.onRetry?.({ attempt, wait_ms: 0, reason: `${failure.reason}; retrying without "stream_options" (no usage is reported)` });
          continue;
        }
        if (!failure.retryable) throw failure.error;
        if (attempt > policy.maxRetries) throw gaveUp(failure, attempt, 'no retries left');
        const wait = chooseWait(attempt, policy, failure.serverAskMs, opts.random);
        if (waited + wait > policy.retryBudgetMs) throw gaveUp(failure, attempt, `retry budget of ${policy.retryBudgetMs} ms used up`);
        req.onRetry?.({ attempt, wait_ms: wait, reason: failure.reason });
        await sleep(wait, req.signal);
        waited += wait;
      }
    }
  }
}

function gaveUp(failure: Failure, attempts: number, why: string): AppError {
  const e = failure.error;
  return new AppError(e.code, `${e.message} (gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${why})`, {
    attempts,
    last_reason: failure.reason,
  });
}

/**
 * Runs `call` without `stop` and applies the stop words to the reply: the streamed text and the
 * final content end before the first stop word (as the server would have ended them).
 */
async function withClientStop(req: ChatRequest, call: (r: ChatRequest) => Promise<Omit<ChatResult, 'latency_ms'>>): Promise<Omit<ChatResult, 'latency_ms'>> {
  const words = req.stop ?? [];
  const cut = (text: string) => {
    const at = Math.min(...words.map((w) => text.indexOf(w)).filter((i) => i >= 0));
    return Number.isFinite(at) ? text.slice(0, at) : text;
  };
  let seen = '';
  let sent = 0;
  const onDelta = (d: string) => {
    seen += d;
    // Hold back a tail that could be the start of a stop word; send what is surely before it.
    const kept = cut(seen);
    const hold = kept.length === seen.length ? Math.max(0, ...words.map((w) => w.length - 1)) : 0;
    const upTo = Math.max(sent, kept.length - hold);
    if (upTo > sent) req.onDelta?.(kept.slice(sent, upTo));
    sent = upTo;
  };
  const result = await call({ ...req, stop: undefined, onDelta });
  const content = result.message.content === null ? null : cut(result.message.content);
  if (content !== null && content.length > sent) req.onDelta?.(content.slice(sent));
  const stopped = content !== result.message.content;
  return { ...result, message: { ...result.message, content }, finish_reason: stopped ? 'stop' : result.finish_reason };
}

/** The request; `usage`: ask for the usage chunk (stream_options), which some servers refuse. */
export function requestBody(req: ChatRequest, usage = true): ChatCompletionCreateParamsStreaming {
  const body: ChatCompletionCreateParamsStreaming = {
    model: req.model,
    messages: req.messages as ChatCompletionCreateParamsStreaming['messages'],
    stream: true,
  };
  if (usage) body.stream_options = { include_usage: true };
  if (req.tools?.length) {
    body.tools = req.tools;
    if (req.tool_choice) body.tool_choice = req.tool_choice;
  }
  if (req.stop?.length) body.stop = req.stop;
  if (req.response_format) body.response_format = req.response_format;
  if (req.temperature !== undefined) body.temperature = req.temperature;
  if (req.top_p !== undefined) body.top_p = req.top_p;
  if (req.max_tokens !== undefined) body.max_tokens = req.max_tokens;
  return body;
}

/** One attempt: open the stream, fold every chunk, honour abort and the inactivity timeout. */
/** `inProcess`: the connection is in-process (demo), which is told the calling node. */
async function streamOnce(client: OpenAI, req: ChatRequest, timeoutMs: number, usage: boolean, inProcess = false): Promise<Omit<ChatResult, 'latency_ms'>> {
  const ctrl = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, timeoutMs);
  };
  const onAbort = () => ctrl.abort();
  req.signal.addEventListener('abort', onAbort, { once: true });
  arm();
  try {
    const headers = inProcess && req.node ? { [NODE_HEADER]: req.node } : undefined;
    const raw = await client.chat.completions.create(requestBody(req, usage), { signal: ctrl.signal, ...(headers ? { headers } : {}) }).asResponse();
    // The SDK's own stream parser, over the body watched for `[DONE]` (stream-end.ts).
    const watched = watchDone(raw);
    const stream = Stream.fromSSEResponse<StreamChunk>(watched.response, ctrl, client);
    const acc = new StreamAccumulator();
    for await (const chunk of stream) {
      arm();
      const text = acc.push(chunk as StreamChunk);
      if (text) req.onDelta?.(text);
    }
    // The SDK ends iteration quietly when its signal aborts: find out why it stopped.
    if (timedOut) throw new ModelTimeout(timeoutMs);
    if (req.signal.aborted) throw cancelledError();
    if (acc.chunkCount === 0) {
      throw new AppError('model_error', `The model server at ${client.baseURL} returned no stream chunks: is it an OpenAI-compatible /v1 endpoint?`);
    }
    const result = acc.result(req.model);
    // Neither a finish_reason nor [DONE]: the stream was cut short; its text is not an answer.
    if (result.finish_reason === null && !watched.sawDone()) throw new StreamIncomplete(acc.chunkCount);
    return result;
  } catch (err) {
    if (timedOut) throw new ModelTimeout(timeoutMs);
    if (req.signal.aborted) throw cancelledError();
    throw err;
  } finally {
    clearTimeout(timer);
    req.signal.removeEventListener('abort', onAbort);
  }
}
