/**
 * Structural diff of two JSON-like state snapshots (before/after a node), for the state diff view.
 * Objects are compared key by key, arrays index by index (so an appended message shows as one
 * `added` entry), anything else by value. Pure.
 */
import { applyStateDelta, deltaOf } from '@/lib/contracts/state-delta';
import { eventData, type TraceData, type TraceEvent } from '@/lib/contracts/trace';

export type DiffKind = 'added' | 'removed' | 'changed';

export interface DiffEntry {
  path: string;
  kind: DiffKind;
  before?: unknown;
  after?: unknown;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (IDENT.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${JSON.stringify(key)}]`;
}

export function diffState(before: unknown, after: unknown, path = ''): DiffEntry[] {
  if (Object.is(before, after)) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const out: DiffEntry[] = [];
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const k of keys) {
      const p = join(path, k);
      if (!Object.hasOwn(after, k)) out.push({ path: p, kind: 'removed', before: before[k] });
      else if (!Object.hasOwn(before, k)) out.push({ path: p, kind: 'added', after: after[k] });
      else out.push(...diffState(before[k], after[k], p));
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const out: DiffEntry[] = [];
    const n = Math.max(before.length, after.length);
    for (let i = 0; i < n; i++) {
      const p = join(path, i);
      if (i >= after.length) out.push({ path: p, kind: 'removed', before: before[i] });
      else if (i >= before.length) out.push({ path: p, kind: 'added', after: after[i] });
      else out.push(...diffState(before[i], after[i], p));
    }
    return out;
  }
  if (before === undefined) return [{ path: path || '(state)', kind: 'added', after }];
  if (after === undefined) return [{ path: path || '(state)', kind: 'removed', before }];
  return [{ path: path || '(state)', kind: 'changed', before, after }];
}

/**
 * The diff of one state.updated event (lib/contracts/state-delta.ts): appended items as `added`
 * entries at their index; a set channel against its value before (`known`: what the earlier events
 * of the run tell; a channel missing there shows its new value only). Runs recorded before deltas
 * carry `before` / `after`: diffed as they are.
 */
export function deltaDiff(data: TraceData<'state.updated'>, known: Record<string, unknown>): DiffEntry[] {
  if (data.before && data.after && !data.set && !data.appended) return diffState(data.before, data.after);
  const delta = deltaOf(data);
  const out: DiffEntry[] = [];
  for (const ch of delta.changed) {
    const add = delta.appended?.[ch];
    if (add) out.push(...add.items.map((after, i) => ({ path: join(join('', ch), add.from + i), kind: 'added' as const, after })));
    else if (delta.set && Object.hasOwn(delta.set, ch)) {
      const p = join('', ch);
      out.push(...(Object.hasOwn(known, ch) ? diffState(known[ch], delta.set[ch], p) : [{ path: p, kind: 'added' as const, after: delta.set[ch] }]));
    }
  }
  return out;
}

/**
 * The channel values known before the event `seq` from the run's earlier state.updated events:
 * the last value set, grown by later appends that continue it exactly. (Channels never set in the
 * trace, e.g. a default only appended to, are not known.)
 */
export function knownStateBefore(events: Iterable<TraceEvent>, seq: number): Record<string, unknown> {
  const earlier = [...events].filter((e) => e.seq < seq && e.type === 'state.updated').sort((a, b) => a.seq - b.seq);
  let known: Record<string, unknown> = {};
  for (const e of earlier) {
    const data = eventData(e, 'state.updated');
    if (!data) continue;
    const delta = deltaOf(data);
    for (const [ch, add] of Object.entries(delta.appended ?? {})) {
      const base = known[ch];
      if (!Array.isArray(base) || base.length < add.from) delete known[ch];
    }
    known = applyStateDelta(known, { set: delta.set, appended: Object.fromEntries(Object.entries(delta.appended ?? {}).filter(([ch]) => Object.hasOwn(known, ch))) });
  }
  return known;
}
