/**
 * In-process fake ports for engine tests: a scripted ModelPort (replies in order, each a text, a
 * tool-call turn, an error, a function of the request, or "hang until aborted"), a ToolPort over
 * plain functions, a graph loader over a record, a manual clock, a call journal in memory, and sinks for events/checkpoints
 * (every event's data is checked against its schema in lib/contracts/trace.ts).
 */
import type { GraphDocument, ToolSpec } from '../../graph/schema';
import { TRACE_DATA, type Checkpoint, type TraceEvent, type TraceEventInput, type TraceEventType } from '../../contracts/trace';
import type { ChatRequest, ChatResult, ModelPort, RunPorts, ToolDefinition, ToolPort, ToolResult } from '../ports';
import { memoryJournal, type MemoryJournal } from '../journal-memory';

export interface FakeToolCall {
  name: string;
  /** An object (serialized) or the raw argument text (to test malformed JSON). */
  arguments: Record<string, unknown> | string;
  id?: string;
}

export type Reply =
  | string
  | { content?: string | null; tool_calls?: FakeToolCall[]; usage?: { input: number; output: number }; finish_reason?: string }
  | { hang: true }
  | Error
  | ((req: ChatRequest) => Reply | Promise<Reply>);

export type RecordedRequest = Omit<ChatRequest, 'signal' | 'onDelta' | 'onRetry'>;

export interface ScriptedModel extends ModelPort {
  requests: RecordedRequest[];
  remaining(): number;
  /** Appends more replies. */
  push(...replies: Reply[]): void;
}

let callCounter = 0;

export function scriptedModel(script: Reply[]): ScriptedModel {
  const queue = [...script];
  const requests: RecordedRequest[] = [];
  return {
    requests,
    remaining: () => queue.length,
    push: (...r) => void queue.push(...r),
    async chat(req: ChatRequest): Promise<ChatResult> {
      const { signal, onDelta, onRetry: _retry, ...rest } = req;
      requests.push(structuredClone(rest));
      if (signal.aborted) throw new Error('aborted before the call');
      if (!queue.length) throw new Error(`fake model: script exhausted at call #${requests.length}`);
      let reply = queue.shift()!;
      while (typeof reply === 'function') reply = await reply(req);
      if (reply instanceof Error) throw reply;
      if (typeof reply === 'object' && 'hang' in reply) {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        throw new Error('aborted');
      }
      const r = typeof reply === 'string' ? { content: reply } : reply;
      const content = r.content ?? null;
      if (content) {
        const half = Math.ceil(content.length / 2);
        onDelta?.(content.slice(0, half));
        if (content.length > half) onDelta?.(content.slice(half));
      }
      const tool_calls = r.tool_calls?.map((c) => ({
        id: c.id ?? `call_${++callCounter}`,
        type: 'function' as const,
        function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
      }));
      const usage = r.usage ?? { input: 10, output: 5 };
      return {
        message: { role: 'assistant', content, ...(tool_calls?.length ? { tool_calls } : {}) },
        finish_reason: r.finish_reason ?? (tool_calls?.length ? 'tool_calls' : 'stop'),
        usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
        model: `${req.model}-served`,
        latency_ms: 7,
      };
    },
  };
}

export type ToolImpl = (args: Record<string, unknown>, spec: ToolSpec) => string | Promise<string>;

export interface FakeTools extends ToolPort {
  calls: { name: string; args: unknown }[];
}

const PARAMS: Record<string, Record<string, unknown>> = {
  calculator: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
  web_search: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};

export function fakeTools(impls: Record<string, ToolImpl>): FakeTools {
  const calls: { name: string; args: unknown }[] = [];
  return {
    calls,
    definition(name: string, spec: ToolSpec): ToolDefinition {
      const parameters = spec.type === 'http' ? (spec.args_schema ?? { type: 'object', properties: {} }) : (PARAMS[spec.type] ?? { type: 'object', properties: {} });
      return { type: 'function', function: { name, description: spec.description ?? `A ${spec.type} tool.`, parameters } };
    },
    async run(name: string, spec: ToolSpec, args: unknown): Promise<ToolResult> {
      calls.push({ name, args });
      const impl = impls[name];
      if (!impl) throw new Error(`no fake for tool ${name}`);
      return { output: await impl(args as Record<string, unknown>, spec) };
    },
  };
}

export interface FakePorts extends RunPorts {
  journal: MemoryJournal;
  events: TraceEventInput[];
  checkpoints: Checkpoint[];
  model: ScriptedModel;
  tools: FakeTools;
  /** Advances the manual clock. */
  advance(ms: number): void;
  of(type: TraceEventType): TraceEventInput[];
  lastCheckpoint(): Checkpoint;
}

export function fakePorts(opts: {
  model?: ScriptedModel;
  tools?: FakeTools;
  graphs?: Record<string, GraphDocument>;
  signal?: AbortSignal;
  /** Called with every event as it is emitted (e.g. to abort mid-run). */
  onEvent?: (e: TraceEventInput) => void;
  /** The call journal (default: a new one in memory; pass an earlier run's to resume it as the server does). */
  journal?: MemoryJournal;
} = {}): FakePorts {
  let t = 1_000_000;
  let id = 0;
  const events: TraceEventInput[] = [];
  const checkpoints: Checkpoint[] = [];
  return {
    model: opts.model ?? scriptedModel([]),
    tools: opts.tools ?? fakeTools({}),
    graphs: {
      async load(name: string) {
        const doc = opts.graphs?.[name];
        if (!doc) throw new Error(`graph "${name}" not found`);
        return structuredClone(doc);
      },
    },
    clock: { now: () => t },
    advance: (ms) => void (t += ms),
    emit(e) {
      // Every event an engine test sees is checked against the trace contract.
      const checked = TRACE_DATA[e.type].safeParse(e.data);
      if (!checked.success) throw new Error(`${e.type} data breaks the trace contract: ${checked.error.message}`);
      const copy = structuredClone(e);
      events.push(copy);
      opts.onEvent?.(copy);
    },
    checkpoint: (cp) => void checkpoints.push(JSON.parse(JSON.stringify(cp)) as Checkpoint),
    journal: opts.journal ?? memoryJournal(),
    signal: opts.signal ?? new AbortController().signal,
    newId: () => `s${++id}`,
    events,
    checkpoints,
    of: (type) => events.filter((e) => e.type === type),
    lastCheckpoint: () => {
      const cp = checkpoints[checkpoints.length - 1];
      if (!cp) throw new Error('no checkpoint was written');
      return JSON.parse(JSON.stringify(cp)) as Checkpoint;
    },
  };
}

export type { TraceEvent };
