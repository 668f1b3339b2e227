/**
 * Tools as a node sees them: the graph's tools (run through ports.tools) and `agent` tools (another
 * node of the graph, run by the engine as a child). Every run emits tool.call / tool.result.
 */
import { argsJsonSchema } from '../graph/args-schema';
import type { ToolSpec } from '../graph/schema';
import { nextAttemptKey, registerAttemptSpan } from './attempt-keys';
import { EngineError, errorInfo, InterruptRequest } from './errors';
import { clientTool, humanTool, pausedCallId } from './human-tool';
import { withReflection } from './reflection';
import { isRecordedTool, journalPointer, recall, record, reuse, reuseMark, toolRequest, type RecordedTool } from './journal';
import type { ToolBinding, ToolOutcome } from './tool-binding';
import { emitFrom, type ExecContext } from './scope';

export { argsFromText, type ToolBinding, type ToolOutcome } from './tool-binding';

/** Errors that end the run instead of being reported back to the model. */
const FATAL_CODES = new Set(['timeout', 'cancelled', 'max_tokens', 'call_depth', 'subgraph_depth', 'interrupt_in_worker']);

function isFatal(ctx: ExecContext, err: unknown, child: boolean): boolean {
  if (ctx.scope.signal.aborted) return true;
  if (err instanceof EngineError) return FATAL_CODES.has(err.code);
  // Inside a child node, anything but an engine error (a model/connection failure) is not the model's to fix.
  return child;
}

/**
 * Another node of the graph offered to a model as a function with one string parameter; a call runs
 * that node as a child whose node span hangs under the tool.call span. Used by `agent` tools and by
 * supervisors for their workers.
 */
export function nodeAsTool(
  ctx: ExecContext,
  opts: { name: string; nodeId: string; type: 'agent' | 'worker'; description: string; param: string; paramDescription: string },
): ToolBinding {
  const { name, nodeId, type, description, param, paramDescription } = opts;
  return {
    name,
    type,
    description,
    definition: {
      type: 'function',
      function: {
        name,
        description,
        parameters: { type: 'object', properties: { [param]: { type: 'string', description: paramDescription } }, required: [param] },
      },
    },
    async invoke(args, span) {
      const task = (args as Record<string, unknown> | null)?.[param];
      if (typeof task !== 'string' || !task.trim()) throw new EngineError('bad_tool_args', `${type} "${name}" needs { "${param}": string }`);
      const res = await ctx.scope.runChild({ nodeId, task, parentSpan: span, caller: ctx });
      return { output: outputText(res.output) };
    },
  };
}

function agentTool(ctx: ExecContext, id: string, spec: Extract<ToolSpec, { type: 'agent' }>): ToolBinding {
  const target = ctx.scope.doc.nodes[spec.node];
  if (!target) throw new EngineError('unknown_node', `Tool "${id}" runs node "${spec.node}", which is not in the graph`);
  return nodeAsTool(ctx, {
    name: id,
    nodeId: spec.node,
    type: 'agent',
    description: spec.description ?? target.description ?? `Ask the "${spec.node}" agent to do a task.`,
    param: 'input',
    paramDescription: 'The task or question for this agent.',
  });
}

export function outputText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}

/** The spec the tool port gets: an OPEA shorthand `args_schema` becomes JSON Schema (lib/graph/args-schema.ts). */
function portSpec(spec: ToolSpec): ToolSpec {
  return spec.type === 'http' && spec.args_schema ? { ...spec, args_schema: argsJsonSchema(spec.args_schema) } : spec;
}

/** The bindings of a node's `tools` list (unknown ids are an error naming the node). */
export function bindTools(ctx: ExecContext, ids: readonly string[]): ToolBinding[] {
  const tools = ctx.scope.doc.tools ?? {};
  return ids.map((id) => {
    if (!Object.hasOwn(tools, id)) {
      throw new EngineError('unknown_tool', `Node "${ctx.nodeId}" lists tool "${id}", which is not defined under tools`);
    }
    const spec = portSpec(tools[id]);
    if (spec.type === 'agent') return agentTool(ctx, id, spec);
    if (spec.type === 'human') return humanTool(ctx, id, spec);
    if (spec.type === 'client') return clientTool(ctx, id, spec);
    // A long call's updates (an a2a tool's remote task) go into the trace under the call's span as they come.
    const progress = (span: string | undefined) => (span && spec.type === 'a2a' ? (update: Record<string, unknown>) => emitFrom(ctx, 'tool.progress', { tool: id, ...update }, span) : undefined);
    const run = (args: unknown, activity: string, span?: string) => ctx.scope.ports.tools.run(id, spec, args, { signal: ctx.scope.signal, activity, progress: progress(span) });
    // The definition is asked of the port when first read (a tool node never reads it).
    let definition: ToolBinding['definition'] | undefined;
    const binding: ToolBinding = {
      name: id,
      type: spec.type,
      get description() {
        return spec.description ?? this.definition.function.description ?? '';
      },
      get definition() {
        return (definition ??= ctx.scope.ports.tools.definition(id, spec));
      },
      invoke: (args, span, activity) => run(args, activity, span),
    };
    // Self-reflection (`reflect: N`, reflection.ts): a rerun with a rephrased input is another call (its own idempotency key).
    return withReflection(ctx, binding, spec, run);
  });
}

/**
 * Runs one tool call with its events. Tool failures come back as `{ error }` (the model is told);
 * cancellation, timeouts and failures of infrastructure inside child nodes are rethrown.
 */
export async function runTool(
  ctx: ExecContext,
  binding: ToolBinding,
  args: unknown,
  extra: Record<string, unknown> = {},
): Promise<ToolOutcome & { error?: string }> {
  ctx.scope.checkAlive();
  const span = ctx.scope.ports.newId();
  const started = ctx.scope.ports.clock.now();
  emitFrom(ctx, 'tool.call', { tool: binding.name, type: binding.type, args, ...extra }, span);
  // Child nodes (agent, worker) record their own calls; other tools' calls go to the journal (journal.ts).
  const key = nextAttemptKey(ctx);
  const child = binding.type === 'agent' || binding.type === 'worker';
  if (child) registerAttemptSpan(ctx, span, key);
  // Without a journal (a plain run) the recall is synchronous, not awaited.
  const recalling = child ? undefined : recall(ctx, key, 'tool', isRecordedTool);
  const recalled = recalling instanceof Promise ? await recalling : recalling;
  if (recalled) {
    const { error, ...out } = recalled;
    emitFrom(ctx, 'tool.result', { tool: binding.name, ...recalled, replayed: true, latency_ms: 0 }, span);
    return error === undefined ? out : { output: '', error };
  }
  // In a replay run, the same tool with the same args in this node reuses the source run's result (journal.ts).
  const request = toolRequest(binding.name, args);
  const reusing = child ? undefined : reuse(ctx, 'tool', request, isRecordedTool);
  const reused = reusing && (await reusing);
  const keep = (result: RecordedTool, latency: number, fromSource = false) =>
    record(ctx, { key, kind: 'tool', request, result, ...(result.error !== undefined ? { error: result.error } : {}), started_at: started, latency_ms: latency, ...(fromSource ? { reused: true } : {}) });
  if (reused) {
    keep(reused, 0, true);
    const { error, ...out } = reused;
    emitFrom(ctx, 'tool.result', { tool: binding.name, ...reused, latency_ms: 0, recording: 'recorded' }, span);
    return error === undefined ? out : { output: '', error };
  }
  try {
    const out = await binding.invoke(args, span, key, typeof extra.tool_call_id === 'string' ? extra.tool_call_id : pausedCallId(key));
    const latency = ctx.scope.ports.clock.now() - started;
    if (!child) keep(out, latency);
    emitFrom(
      ctx,
      'tool.result',
      {
        tool: binding.name,
        ...out.data,
        output: out.output,
        ...(out.truncated ? { truncated: true, original_bytes: out.original_bytes } : {}),
        latency_ms: latency,
        ...(child ? {} : reuseMark(ctx, false)),
      },
      span,
    );
    return out;
  } catch (err) {
    if (err instanceof InterruptRequest) {
      // A human / client tool pauses the run: the checkpoint points at the step's calls in the journal.
      err.continuation = { ...err.continuation, ...journalPointer(ctx) };
      throw err;
    }
    const { message } = errorInfo(err);
    const latency = ctx.scope.ports.clock.now() - started;
    emitFrom(ctx, 'tool.result', { tool: binding.name, output: '', error: message, latency_ms: latency }, span);
    if (isFatal(ctx, err, child)) throw err;
    if (!child) keep({ output: '', error: message }, latency);
    return { output: '', error: message };
  }
}
