/**
 * Checkpoints stored as deltas with periodic full snapshots (issues 14 and 20). Every superstep
 * keeps a checkpoint (time travel), so writing the whole state each step costs O(steps × state),
 * and a conversation of 5,000 messages would be written whole at every step. The row of a step
 * stores literally only what changed since the run's previous checkpoint:
 * - a channel whose value did not change is a reference in `state_refs`: the step whose row holds it;
 * - an append channel (`messages`, lists) that grew by appending stores only the new items, and
 *   `state_appends[ch] = { step, from }`: its value is the first `from` items of its value at `step`,
 *   then the items in this row. After FULL_EVERY appends in a row the whole value is written again
 *   (a full snapshot of that channel), so reading any step folds at most FULL_EVERY rows;
 * - anything else (and small values) is written whole.
 * Reading a checkpoint (expandCheckpoint) puts the referenced and appended values back: the
 * checkpoint of any step is its exact state.
 *
 * "Unchanged" and "appended" are decided by reference: the engine never mutates a state value in
 * place (reducers build new values, the append reducer keeps the earlier items as they were, and
 * applyWrite copies the state object), so a channel holding the same object as in the previous
 * checkpoint did not change, and a list whose first items are the previous list's items grew.
 */
import { appendsTo } from '@/lib/contracts/state-delta';
import type { Checkpoint } from '@/lib/contracts/trace';

/** An append channel's value in a row: the first `from` items of its value at `step`, then the row's items. */
export interface StoredAppend {
  step: number;
  from: number;
}

/** A checkpoint as stored in run_checkpoints.checkpoint. */
export interface StoredCheckpoint extends Checkpoint {
  /** Channel -> the step whose row holds its value (absent: every channel is in `state`). */
  state_refs?: Record<string, number>;
  /** Channel -> where the items of `state[ch]` continue from (absent: `state[ch]` is the whole value). */
  state_appends?: Record<string, StoredAppend>;
}

/** What the writer remembers of a run's last saved checkpoint. */
export interface SavedCheckpoint {
  step: number;
  state: Record<string, unknown>;
  refs: Record<string, number>;
  appends: Record<string, StoredAppend>;
  /** Channel -> how many append rows reading its value folds (0: written whole). */
  depth: Record<string, number>;
}

/** Values at most this long (JSON-ish) are always stored literally: a reference would save nothing. */
const SMALL_STRING = 64;

/** A channel's value is written whole again after this many appends in a row (a full snapshot). */
export const FULL_EVERY = 32;

function worthReferencing(v: unknown): boolean {
  return (typeof v === 'object' && v !== null) || (typeof v === 'string' && v.length > SMALL_STRING);
}

/** The row to store for `cp`, given the run's previously saved checkpoint (if this process saved one). */
export function compactCheckpoint(prev: SavedCheckpoint | undefined, cp: Checkpoint): { stored: StoredCheckpoint; saved: SavedCheckpoint } {
  const refs: Record<string, number> = {};
  const appends: Record<string, StoredAppend> = {};
  const depth: Record<string, number> = {};
  const literal: Record<string, unknown> = {};
  for (const [ch, value] of Object.entries(cp.state)) {
    const had = prev && cp.step >= prev.step && Object.hasOwn(prev.state, ch);
    const before = had ? prev.state[ch] : undefined;
    if (had && before === value && worthReferencing(value)) {
      if (cp.step !== prev.step) {
        refs[ch] = prev.refs[ch] ?? prev.step;
        depth[ch] = prev.depth[ch] ?? 0;
        continue;
      }
      // Rewriting the same step (a pause): the row keeps what it already referenced or appended.
      const ref = prev.refs[ch];
      const app = prev.appends[ch];
      if (ref !== undefined) refs[ch] = ref;
      else if (app) {
        appends[ch] = app;
        literal[ch] = (value as unknown[]).slice(app.from);
      } else literal[ch] = value;
      depth[ch] = prev.depth[ch] ?? 0;
      continue;
    }
    const deep = had ? (prev.depth[ch] ?? 0) : 0;
    if (had && cp.step > prev.step && Array.isArray(before) && before.length > 0 && deep < FULL_EVERY && appendsTo(before, value)) {
      appends[ch] = { step: prev.refs[ch] ?? prev.step, from: before.length };
      literal[ch] = value.slice(before.length);
      depth[ch] = deep + 1;
      continue;
    }
    literal[ch] = value;
    depth[ch] = 0;
  }
  const stored: StoredCheckpoint = { ...cp, state: literal };
  if (Object.keys(refs).length) stored.state_refs = refs;
  if (Object.keys(appends).length) stored.state_appends = appends;
  return { stored, saved: { step: cp.step, state: cp.state, refs, appends, depth } };
}

/** The checkpoint `stored` stands for; `rowAt(step)` reads another stored row of the same run. */
export function expandCheckpoint(stored: StoredCheckpoint, rowAt: (step: number) => StoredCheckpoint | undefined): Checkpoint {
  const { state_refs: refs, state_appends: appends, ...cp } = stored;
  if (!refs && !appends) return cp;
  const rows = new Map<number, StoredCheckpoint | undefined>([[cp.step, stored]]);
  const row = (step: number) => {
    if (!rows.has(step)) rows.set(step, rowAt(step));
    return rows.get(step);
  };
  /**
   * The value of `ch` in the row of `step`: references followed, appends folded onto the value they
   * continue (at most FULL_EVERY of them, one copy of the list in all).
   */
  const valueAt = (at: number, ch: string): unknown => {
    const pieces: { step: number; from: number; items: unknown[] }[] = [];
    let step = at;
    for (let hops = 0; ; hops++) {
      const r = row(step);
      if (!r) throw new Error(`checkpoint of step ${cp.step}: channel "${ch}" refers to step ${step}, which has no checkpoint`);
      if (hops > 4 * FULL_EVERY + 8) throw new Error(`checkpoint of step ${cp.step}: channel "${ch}" refers too deep (a loop of references at step ${step})`);
      const ref = r.state_refs?.[ch];
      if (ref !== undefined) {
        if (ref >= step) throw new Error(`checkpoint of step ${step}: channel "${ch}" refers to step ${ref}, not an earlier one`);
        step = ref;
        continue;
      }
      if (!Object.hasOwn(r.state, ch)) throw new Error(`checkpoint of step ${cp.step}: channel "${ch}" refers to step ${step}, which does not hold it`);
      const app = r.state_appends?.[ch];
      if (!app) {
        if (!pieces.length) return r.state[ch];
        let value = r.state[ch];
        for (let i = pieces.length - 1; i >= 0; i--) {
          const p = pieces[i];
          if (!Array.isArray(value) || value.length < p.from) {
            throw new Error(`checkpoint of step ${p.step}: channel "${ch}" appends at item ${p.from} of an earlier value that does not have that many`);
          }
          value = i === pieces.length - 1 ? value.slice(0, p.from) : value;
          const list = value as unknown[];
          list.length = p.from;
          for (const item of p.items) list.push(item);
        }
        return value;
      }
      if (app.step >= step) throw new Error(`checkpoint of step ${step}: channel "${ch}" appends to step ${app.step}, not an earlier one`);
      const items = r.state[ch];
      if (!Array.isArray(items)) throw new Error(`checkpoint of step ${step}: channel "${ch}" appends, but its row does not hold a list`);
      pieces.push({ step, from: app.from, items });
      step = app.step;
    }
  };
  const state: Record<string, unknown> = {};
  for (const ch of Object.keys({ ...cp.state, ...refs })) state[ch] = valueAt(cp.step, ch);
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
