/**
 * The engine's entry point: runGraph runs a graph document (or resumes it from a checkpoint)
 * through the ports it is given, emitting the whole trace and checkpointing after every step.
 */
import { DEFAULTS } from '../graph/defaults';
import type { GraphDocument } from '../graph/schema';
import { EngineError, RunRejected, errorInfo, type ErrorInfo } from './errors';
import { checkCeiling, checkCost, type CostCeiling } from './budget';
import { RUN_SPAN_ID, type Checkpoint, type Interrupt, type ResumeValue, type TraceEmitData } from '../contracts/trace';
import type { RunPorts } from './ports';
import { callCounters } from './attempt-keys';
import { makeScope } from './nested';
import { applyStateEdit, checkResume, checkStateEdit, editedState, readExtra, toCheckpoint } from './resume';
import { GraphRunner, type Position } from './scheduler';
import { guardGraphInput, guardGraphOutput } from './guards/run';
import type { FirstToolChoice, Usage } from './scope';
import { initialState, type State } from './state';

export interface RunOptions {
  runId: string;
  doc: GraphDocument;
  input: string;
  inputs?: Record<string, unknown>;
  breakpoints?: string[];
  from?: Checkpoint;
  resume?: ResumeValue;
  /**
   * A new run derived from another (a fork or replay): run.started names it as `derived_from`.
   * With `from`, the run starts at that checkpoint (not a resume) and checkpoints it as its first.
   */
  derivedFrom?: { run_id: string; origin: 'fork' | 'replay'; step?: number };
  /** Sent with the first model call of this (entry) node in step 1: an API caller's `tool_choice`. */
  toolChoice?: FirstToolChoice;
  /** A cost limit besides limits.max_cost_usd: what is left of the starting API key's monthly budget. */
  costCeiling?: CostCeiling;
  ports: RunPorts;
}

export type RunOutcome =
  | { status: 'succeeded'; output: unknown; state: Record<string, unknown> }
  | { status: 'paused'; interrupt: Interrupt }
  | { status: 'failed'; error: { code: string; message: string } }
  | { status: 'cancelled' }
  /** A person rejected human node `node` and the graph did not route the rejection: the run ended there. */
  | { status: 'rejected'; node: string; reason?: string; state: Record<string, unknown> };

/**
 * Runs (or resumes) a graph. Never throws for run failures: they come back as `failed` (and
 * `run.failed`). Throws an AppError only when `from`/`resume` do not fit (nothing is emitted then).
 */
export async function runGraph(opts: RunOptions): Promise<RunOutcome> {
  const { doc, ports } = opts;
  checkResume(opts.from, opts.resume);
  const patch = editedState(opts.resume);
  if (patch) checkStateEdit(doc, patch);
  const extra = readExtra(opts.from);
  // A run resumed from a checkpoint of an older version keeps the random run span id it had.
  const runSpan = extra.runSpan ?? RUN_SPAN_ID;
  const usage: Usage = { ...extra.usage };
  const timeoutMs = (doc.limits?.timeout_s ?? DEFAULTS.timeout_s) * 1000;
  const deadline = ports.clock.now() + timeoutMs;
  const maxTokens = doc.limits?.max_tokens;
  let timedOut = false;

  const ctl = new AbortController();
  const onAbort = () => ctl.abort();
  if (ports.signal.aborted) ctl.abort();
  else ports.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort();
  }, timeoutMs);
  timer.unref?.();

  let step = opts.from?.step ?? 0;
  const scope = makeScope({
    doc,
    ports,
    signal: ctl.signal,
    usage,
    graphDepth: 0,
    calls: callCounters(step),
    ...(opts.toolChoice ? { toolChoice: opts.toolChoice } : {}),
    step: () => step,
    emit: (type, data, at) => ports.emit({ type, step, node: at.node, span_id: at.span, parent_span_id: at.parent, data }),
    checkAlive: () => {
      if (ports.signal.aborted) throw new EngineError('cancelled', 'The run was cancelled');
      if (timedOut || ports.clock.now() > deadline) {
        timedOut = true;
        throw timeoutError(timeoutMs);
      }
      if (maxTokens !== undefined && usage.input_tokens + usage.output_tokens > maxTokens) {
        throw new EngineError('max_tokens', `The run used ${usage.input_tokens + usage.output_tokens} tokens, more than limits.max_tokens (${maxTokens}); raise limits.max_tokens in the graph`);
      }
      checkCost(doc.limits, usage);
      checkCeiling(opts.costCeiling, usage);
    },
  });
  const runEvent = <T extends 'run.started' | 'run.resumed' | 'run.finished' | 'run.failed' | 'run.cancelled'>(type: T, data: TraceEmitData<T>) =>
    ports.emit({ type, step, span_id: runSpan, data });
  /** A rejection ended the run: run.finished says so (status `rejected`, the node and reason); no answer. */
  const finishRejected = (node: string, reason: string | undefined, state: Record<string, unknown> | undefined): RunOutcome => {
    const rejected = { node, ...(reason ? { reason } : {}) };
    runEvent('run.finished', { output: null, ...(state ? { state } : {}), usage: { ...usage }, status: 'rejected', rejected });
    return { status: 'rejected', ...rejected, state: state ?? {} };
  };
  const runner = new GraphRunner(scope, {
    runSpan,
    breakpoints: new Set(opts.breakpoints ?? []),
    setStep: (s) => (step = s),
    checkpoint: (pos: Position) => ports.checkpoint(toCheckpoint(pos, undefined, { runSpan, usage })),
    paused: async (pos: Position, interrupt: Interrupt, span: string) => {
      await ports.checkpoint(toCheckpoint(pos, interrupt, { runSpan, usage }));
      const parent = span === runSpan ? undefined : runSpan;
      scope.emit('run.interrupted', { ...interrupt }, { node: interrupt.node, span, parent });
    },
  });

  try {
    let pos: Position;
    if (opts.from && opts.derivedFrom) {
      runEvent('run.started', { input: opts.input, graph: doc.name, ...(opts.inputs ? { inputs: opts.inputs } : {}), derived_from: opts.derivedFrom });
      pos = extra.position(opts.from);
      await ports.checkpoint(toCheckpoint(pos, undefined, { runSpan, usage }));
    } else if (opts.from) {
      pos = extra.position(opts.from);
      const interrupt = opts.from.interrupt;
      // The state a person edited at the pause is set (overwriting) before the run goes on.
      const edit = patch && interrupt ? applyStateEdit(doc, pos, patch, interrupt.kind === 'breakpoint' ? 'edited at breakpoint' : `edited at ${interrupt.kind} step`) : undefined;
      const edited = edit?.update ? { edited: edit.update.changed } : {};
      // A human node's (or a tool question's) resume is reported on its own span by the scheduler.
      if (interrupt?.kind !== 'human' && interrupt?.kind !== 'tool') {
        runEvent('run.resumed', { from_step: opts.from.step, next: opts.from.next, ...(opts.resume ? { action: opts.resume.action, node: interrupt?.node } : {}), ...edited });
      }
      if (edit?.update) {
        pos = edit.pos;
        const span = interrupt?.kind === 'breakpoint' ? runSpan : (pos.interruptSpan ?? runSpan);
        scope.emit('state.updated', edit.update, { node: interrupt?.node, span, parent: span === runSpan ? undefined : runSpan });
      }
    } else {
      runEvent('run.started', { input: opts.input, graph: doc.name, ...(opts.inputs ? { inputs: opts.inputs } : {}), ...(opts.derivedFrom ? { derived_from: opts.derivedFrom } : {}) });
      // The graph's input guards (guards/run.ts) see the input before any node does.
      const checked = await guardGraphInput(scope, runSpan, opts.input);
      const state: State = initialState(doc, checked.input, opts.inputs);
      pos = runner.start(state, checked.guard);
      await ports.checkpoint(toCheckpoint(pos, undefined, { runSpan, usage }));
    }
    const resume = opts.resume && opts.from?.interrupt ? { interrupt: opts.from.interrupt, value: opts.resume } : undefined;
    const out = await runner.run(pos, resume);
    if (out.kind === 'paused') return { status: 'paused', interrupt: out.interrupt };
    if (out.kind === 'rejected') return finishRejected(out.node, out.reason, out.state);
    const output = await guardGraphOutput(scope, runSpan, out.output ?? null);
    runEvent('run.finished', { output: output ?? null, ...(out.note ? { answer_note: out.note } : {}), state: out.state, usage: { ...usage } });
    return { status: 'succeeded', output: output ?? null, state: out.state };
  } catch (err) {
    if (err instanceof RunRejected && !ports.signal.aborted) return finishRejected(err.node, err.reason, undefined);
    if (ports.signal.aborted) {
      runEvent('run.cancelled', { usage: { ...usage } });
      return { status: 'cancelled' };
    }
    const error: ErrorInfo = timedOut ? errorInfo(timeoutError(timeoutMs)) : errorInfo(err);
    runEvent('run.failed', { error, usage: { ...usage } });
    return { status: 'failed', error };
  } finally {
    clearTimeout(timer);
    ports.signal.removeEventListener('abort', onAbort);
  }
}

function timeoutError(ms: number): EngineError {
  return new EngineError('timeout', `The run took longer than limits.timeout_s (${ms / 1000} s); raise limits.timeout_s in the graph if it needs more time`);
}

export type { RunPorts } from './ports';
export { EngineError } from './errors';
