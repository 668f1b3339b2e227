/**
 * Checkpoints in and out: everything the scheduler needs to continue a run exactly where it
 * stopped lives in `Checkpoint` (step, state, next, interrupt) and its `extra` (join waits,
 * results of a paused step's finished nodes, the run span, token usage).
 */
import { z } from 'zod';
import { AppError } from '../errors';
import type { Checkpoint, Interrupt, ResumeValue, StatePatch } from '../contracts/trace';
import { stateDelta, type StateDelta } from '../contracts/state-delta';
import type { GraphDocument } from '../graph/schema';
import { stateProblems } from '../graph/state-check';
import type { Position } from './scheduler';
import type { Usage } from './scope';
import { applyWrite } from './state';

const WriteSchema = z.object({ update: z.record(z.string(), z.unknown()), overwrite: z.record(z.string(), z.unknown()).optional() });
const StepResultSchema = z.object({
  span: z.string(),
  writes: z.array(WriteSchema),
  output: z.unknown(),
  route: z.object({ label: z.string(), reason: z.string() }).optional(),
  rejected: z.object({ reason: z.string().optional() }).optional(),
});
const ExtraSchema = z.object({
  run_span: z.string().optional(),
  usage: z.object({ input_tokens: z.number(), output_tokens: z.number(), cost_usd: z.number().optional(), model_calls: z.number().optional() }).optional(),
  waiting: z.array(z.string()).optional(),
  /** Written by older versions (the run's answer is now computed from the state); ignored. */
  output_channel: z.string().optional(),
  pending: z.record(z.string(), StepResultSchema).optional(),
  interrupt_span: z.string().optional(),
  /** What the paused node needs to go on from inside (InterruptRequest.continuation). */
  continuation: z.record(z.string(), z.unknown()).optional(),
});

const HUMAN_ACTIONS = ['approve', 'reject', 'edit'];
const BREAKPOINT_ACTIONS = ['continue', 'step'];
const TOOL_ACTIONS = ['answer'];
const ACTIONS = { human: HUMAN_ACTIONS, breakpoint: BREAKPOINT_ACTIONS, tool: TOOL_ACTIONS } as const;
const PAUSED_AT = { human: 'human node', breakpoint: 'a breakpoint before', tool: 'a tool call of' } as const;

/** A resume value must fit the pause it answers. Throws AppError (nothing has run yet). */
export function checkResume(from: Checkpoint | undefined, resume: ResumeValue | undefined): void {
  if (!from) {
    if (resume) throw new AppError('not_paused', 'A resume value was given without a checkpoint to resume from');
    return;
  }
  const interrupt = from.interrupt;
  if (!interrupt) {
    if (resume) throw new AppError('not_paused', `The run is not paused (checkpoint at step ${from.step} has no interrupt); nothing to resume`);
    return;
  }
  if (!resume) throw new AppError('resume_required', `The run is paused at "${interrupt.node}" (${interrupt.kind}); resume it with a value`);
  const allowed: readonly string[] = ACTIONS[interrupt.kind];
  if (!allowed.includes(resume.action)) {
    throw new AppError(
      'bad_resume',
      `The run is paused at ${PAUSED_AT[interrupt.kind]} "${interrupt.node}": resume with action ${allowed.map((a) => `"${a}"`).join(', ')}, not "${resume.action}"`,
    );
  }
}

export function readExtra(from: Checkpoint | undefined) {
  const parsed = ExtraSchema.safeParse(from?.extra ?? {});
  if (!parsed.success) throw new AppError('bad_checkpoint', `The checkpoint's extra data is not readable: ${parsed.error.issues[0]?.message}`);
  const x = parsed.data;
  return {
    runSpan: x.run_span,
    usage: {
      input_tokens: x.usage?.input_tokens ?? 0,
      output_tokens: x.usage?.output_tokens ?? 0,
      ...(x.usage?.cost_usd !== undefined ? { cost_usd: x.usage.cost_usd } : {}),
      ...(x.usage?.model_calls !== undefined ? { model_calls: x.usage.model_calls } : {}),
    } satisfies Usage,
    position(cp: Checkpoint): Position {
      return {
        step: cp.step,
        state: structuredClone(cp.state),
        next: [...cp.next],
        waiting: x.waiting ?? [],
        pending: structuredClone(x.pending ?? {}),
        interruptSpan: x.interrupt_span,
        ...(x.continuation ? { continuation: structuredClone(x.continuation) } : {}),
      };
    },
  };
}

export function toCheckpoint(pos: Position, interrupt: Interrupt | undefined, run: { runSpan: string; usage: Usage }): Checkpoint {
  const extra: Record<string, unknown> = { run_span: run.runSpan, usage: { ...run.usage }, waiting: pos.waiting };
  if (Object.keys(pos.pending).length) extra.pending = pos.pending;
  if (pos.interruptSpan) extra.interrupt_span = pos.interruptSpan;
  if (pos.continuation) extra.continuation = pos.continuation;
  return { step: pos.step, state: pos.state, next: pos.next, ...(interrupt ? { interrupt } : {}), extra };
}

/** The channels a resume value sets before the run goes on (continue / step / approve with `state`), if any. */
export function editedState(resume: ResumeValue | undefined): StatePatch | undefined {
  const patch = resume && 'state' in resume ? resume.state : undefined;
  return patch && Object.keys(patch).length ? patch : undefined;
}

/** A state (a fork's, or a patch set at a pause) must fit the graph's channels: throws AppError('invalid_state') naming the first bad path. */
export function checkStateEdit(doc: GraphDocument, state: Record<string, unknown>): void {
  const problems = stateProblems(doc, state);
  if (problems.length) {
    const [first] = problems;
    throw new AppError('invalid_state', `${first.path}: ${first.message}`, { errors: problems });
  }
}

/**
 * Sets the resume value's channels (overwrite, no reducers) on the paused position; returns the
 * new position and the `state.updated` data (null when nothing changed).
 */
export function applyStateEdit(
  doc: GraphDocument,
  pos: Position,
  patch: StatePatch,
  reason: string,
): { pos: Position; update: StateDelta | null } {
  const applied = applyWrite(doc, pos.state, { update: {}, overwrite: patch });
  if (!applied.changed.length) return { pos, update: null };
  return { pos: { ...pos, state: applied.state }, update: stateDelta(pos.state, applied.state, applied.changed, reason) };
}
