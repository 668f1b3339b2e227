/**
 * The `a2a` tool: calls a remote A2A agent (v1.0; v0.3 agents through the SDK's compatibility layer)
 * with the SDK's client. The card, the calls and the task's stream all go through the SSRF-guarded
 * client (mcp-fetch.ts guardedWebFetch). The model sends `message` (and `task_id` to answer an agent
 * that asked for more input); the result is the agent's answer. Each status and artifact update is
 * reported through `progress` as it arrives (the engine records it in the trace; answer pieces up to
 * MAX_ARTIFACT_EVENTS), and the state updates are listed on the tool.result event (`a2a`).
 */
import { Role, TaskState, type Message, type Part, type StreamResponse, type Task } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import type { ToolDefinition } from '../engine/ports';
import type { ToolSpec } from '../graph/schema';
import { resolveHeaders } from './http-tool';
import { guardedWebFetch } from './mcp-fetch';
import { argsObject, toolError } from './tool-call';

export type A2aToolSpec = Extract<ToolSpec, { type: 'a2a' }>;

const DEFAULT_TIMEOUT_S = 120;
/** At most this many answer pieces of one call become tool.progress events (the answer is whole in tool.result). */
const MAX_ARTIFACT_EVENTS = 200;
/** At most this many state / status updates are listed on tool.result. */
const MAX_LISTED_UPDATES = 50;

/** What a call needs of the tool port (registry.ts ToolRunContext). */
export interface A2aRunContext {
  signal: AbortSignal;
  allowedHosts?: string[];
  /** The call's idempotency key: the message id, the same on every retry of the call. */
  idempotencyKey?: string;
  progress?: (update: A2aProgress) => void;
}

/** One update of the remote task, as the trace shows it. */
export type A2aProgress = {
  state?: string;
  text?: string;
  artifact?: string;
};

export function a2aDefinition(name: string, spec: A2aToolSpec): ToolDefinition {
  return {
    type: 'function',
    function: {
      name,
      description: spec.description ?? `Ask the remote agent at ${spec.card_url} (A2A) to do a task; it answers in text.`,
      parameters: {
        type: 'object',
        properties: {
          message: { type: 'string', description: 'The task or question for the agent.' },
          task_id: { type: 'string', description: 'Only to answer an agent that asked for more input: the task id it gave.' },
        },
        required: ['message'],
      },
    },
  };
}

const partsText = (parts: Part[]): string =>
  parts
    .map((p) => (p.content?.$case === 'text' ? p.content.value : p.content?.$case === 'data' ? JSON.stringify(p.content.value) : ''))
    .filter(Boolean)
    .join('\n');

const stateName = (s: TaskState | undefined): string => (s === undefined ? 'TASK_STATE_UNSPECIFIED' : (TaskState[s] ?? String(s)));

/** What the remote task came to: its answer text, final state and ids. */
interface Outcome {
  taskId?: string;
  contextId?: string;
  state?: TaskState;
  statusText?: string;
  answer: Map<string, string>;
  reply?: string;
}

function absorbTask(o: Outcome, t: Task): void {
  o.taskId = t.id;
  o.contextId = t.contextId;
  o.state = t.status?.state;
  o.statusText = t.status?.message ? partsText(t.status.message.parts) : undefined;
  for (const a of t.artifacts) o.answer.set(a.artifactId, partsText(a.parts));
}

/** Folds one stream event into the outcome; returns what the trace shows of it. */
function absorb(o: Outcome, e: StreamResponse): A2aProgress | undefined {
  const p = e.payload;
  if (!p) return undefined;
  switch (p.$case) {
    case 'task':
      absorbTask(o, p.value);
      return { state: stateName(o.state), ...(o.statusText ? { text: o.statusText } : {}) };
    case 'message':
      o.reply = partsText(p.value.parts);
      return { text: o.reply };
    case 'statusUpdate': {
      o.taskId = p.value.taskId;
      o.contextId = p.value.contextId;
      o.state = p.value.status?.state;
      const text = p.value.status?.message ? partsText(p.value.status.message.parts) : undefined;
      if (text) o.statusText = text;
      return { state: stateName(o.state), ...(text ? { text } : {}) };
    }
    case 'artifactUpdate': {
      const a = p.value.artifact;
      if (!a) return undefined;
      const text = partsText(a.parts);
      o.answer.set(a.artifactId, (p.value.append ? (o.answer.get(a.artifactId) ?? '') : '') + text);
      return { artifact: text };
    }
  }
}

/** A fetch through the guarded client that adds the tool's headers (resolved `${env:TOOL_*}` references). */
function toolFetch(spec: A2aToolSpec, ctx: A2aRunContext, timeoutMs: number): typeof fetch {
  const headers = resolveHeaders(spec.headers);
  const guarded = guardedWebFetch({ allowedHosts: ctx.allowedHosts, timeoutMs });
  return ((input: string | URL | Request, init: RequestInit = {}) => {
    const merged = new Headers(init.headers);
    for (const [k, v] of Object.entries(headers)) merged.set(k, v);
    return guarded(input instanceof Request ? input.url : input, { ...init, headers: merged });
  }) as typeof fetch;
}

export async function runA2aTool(spec: A2aToolSpec, rawArgs: unknown, ctx: A2aRunContext): Promise<{ output: string; data: Record<string, unknown> }> {
  const args = typeof rawArgs === 'string' && !rawArgs.trim().startsWith('{') ? { message: rawArgs } : argsObject(rawArgs);
  const text = typeof args.message === 'string' ? args.message.trim() : '';
  if (!text) throw toolError('a2a: the argument "message" (the task for the agent) is required');
  const taskId = typeof args.task_id === 'string' && args.task_id.trim() ? args.task_id.trim() : undefined;
  const timeoutMs = (spec.timeout_s ?? DEFAULT_TIMEOUT_S) * 1000;
  const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)]);
  const fetchImpl = toolFetch(spec, ctx, timeoutMs);
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );
  const card = new URL(spec.card_url);
  let client;
  try {
    client = await factory.createFromUrl(card.origin, card.pathname + card.search);
  } catch (err) {
    throw toolError(`a2a: could not read the agent card at ${card.origin}${card.pathname}: ${(err as Error).message}`);
  }
  const message: Message = {
    messageId: ctx.idempotencyKey ?? crypto.randomUUID(), // the same on every retry of the call
    contextId: '',
    taskId: taskId ?? '',
    role: Role.ROLE_USER,
    parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
  const outcome: Outcome = { answer: new Map() };
  const updates: A2aProgress[] = [];
  let pieces = 0;
  const note = (p: A2aProgress | undefined) => {
    if (!p) return;
    if (p.artifact !== undefined) {
      if (++pieces > MAX_ARTIFACT_EVENTS) return;
    } else updates.push(p);
    ctx.progress?.(p);
  };
  const request = { tenant: '', message, configuration: undefined, metadata: undefined };
  try {
    if ((await client.getAgentCard()).capabilities?.streaming) {
      for await (const e of client.sendMessageStream(request, { signal })) note(absorb(outcome, e));
    } else {
      const r = await client.sendMessage(request, { signal });
      note(absorb(outcome, 'messageId' in r ? { payload: { $case: 'message', value: r } } : { payload: { $case: 'task', value: r } }));
    }
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    if (signal.aborted) throw toolError(`a2a: the agent did not finish within ${timeoutMs / 1000} s`);
    throw toolError(`a2a: the agent at ${card.origin} failed: ${(err as Error).message}`);
  }
  const data = { a2a: { card_url: spec.card_url, task_id: outcome.taskId, context_id: outcome.contextId, state: outcome.state === undefined ? undefined : stateName(outcome.state), updates: updates.slice(-MAX_LISTED_UPDATES) } };
  const answer = outcome.reply ?? [...outcome.answer.values()].join('\n');
  switch (outcome.state) {
    case undefined:
    case TaskState.TASK_STATE_COMPLETED:
      return { output: answer || outcome.statusText || '', data };
    case TaskState.TASK_STATE_INPUT_REQUIRED:
    case TaskState.TASK_STATE_AUTH_REQUIRED:
      return { output: `The agent needs more input (task_id ${outcome.taskId}): ${outcome.statusText ?? 'no question given'}. Call again with task_id and your answer as message.`, data };
    default:
      throw toolError(`a2a: the agent's task ended ${stateName(outcome.state)}${outcome.statusText ? `: ${outcome.statusText}` : ''}`, data);
  }
}
