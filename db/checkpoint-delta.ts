/**
 * Checkpoints that do not rewrite unchanged channels (issue 14). Every superstep keeps a
 * checkpoint (time travel), so writing the whole state each step costs O(steps × state). The row
 * of a step stores literally only the channels whose value changed since the run's previous
 * checkpoint (and small values); any other channel is a reference in `state_refs`: the step whose
 * row holds its value literally. Reading a checkpoint puts the referenced values back.
 *
 * "Unchanged" is decided by reference: the engine never mutates a state value in place (reducers
 * build new values, applyWrite copies the state object), so a channel holding the same object as
 * in the previous checkpoint did not change. Anything else is written.
 */
import type { Checkpoint } from '@/lib/contracts/trace';

/** A checkpoint as stored in run_checkpoints.checkpoint. */
export interface StoredCheckpoint extends Checkpoint {
  /** Channel -> the step whose row holds its value (absent: every channel is in `state`). */
  state_refs?: Record<string, number>;
}

/** What the writer remembers of a run's last saved checkpoint. */
export interface SavedCheckpoint {
  step: number;
  state: Record<string, unknown>;
  refs: Record<string, number>;
}

/** Values at most this long (JSON-ish) are always stored literally: a reference would save nothing. */
const SMALL_STRING = 64;

function worthReferencing(v: unknown): boolean {
  return (typeof v === 'object' && v !== null) || (typeof v === 'string' && v.length > SMALL_STRING);
}

/** The row to store for `cp`, given the run's previously saved checkpoint (if this process saved one). */
export function compactCheckpoint(prev: SavedCheckpoint | undefined, cp: Checkpoint): { stored: StoredCheckpoint; saved: SavedCheckpoint } {
  const refs: Record<string, number> = {};
  const literal: Record<string, unknown> = {};
  for (const [ch, value] of Object.entries(cp.state)) {
    let base: number | undefined;
    if (prev && cp.step >= prev.step && Object.hasOwn(prev.state, ch) && prev.state[ch] === value && worthReferencing(value)) {
      // Rewriting the same step (a pause): only what that row already referenced stays a reference.
      base = cp.step === prev.step ? prev.refs[ch] : (prev.refs[ch] ?? prev.step);
    }
    if (base === undefined) literal[ch] = value;
    else refs[ch] = base;
  }
  const stored: StoredCheckpoint = { ...cp, state: literal };
  if (Object.keys(refs).length) stored.state_refs = refs;
  return { stored, saved: { step: cp.step, state: cp.state, refs } };
}

/** The checkpoint `stored` stands for; `rowAt(step)` reads another stored row of the same run. */
export function expandCheckpoint(stored: StoredCheckpoint, rowAt: (step: number) => StoredCheckpoint | undefined): Checkpoint {
  const { state_refs: refs, ...cp } = stored;
  if (!refs) return cp;
  const state: Record<string, unknown> = {};
  const rows = new Map<number, StoredCheckpoint | undefined>();
  for (const ch of Object.keys({ ...cp.state, ...refs })) {
    const step = refs[ch];
    if (step === undefined) {
      state[ch] = cp.state[ch];
      continue;
    }
    if (!rows.has(step)) rows.set(step, rowAt(step));
    const row = rows.get(step);
    if (!row || !Object.hasOwn(row.state, ch)) throw new Error(`checkpoint of step ${cp.step}: channel "${ch}" refers to step ${step}, which does not hold it`);
    state[ch] = row.state[ch];
  }
  return { ...cp, state };
}

/** Remembers the last saved checkpoint of the most recent runs (bounded; least recently saved dropped first). */
export class SavedCheckpoints {
  private readonly runs = new Map<string, SavedCheckpoint>();
  constructor(private readonly max = 256) {}

  get(runId: string): SavedCheckpoint | undefined {
    return this.runs.get(runId);
  }

  set(runId: string, saved: SavedCheckpoint): void {
    this.runs.delete(runId);
    this.runs.set(runId, saved);
    if (this.runs.size > this.max) this.runs.delete(this.runs.keys().next().value!);
  }

  forget(runId: string): void {
    this.runs.delete(runId);
  }
}
