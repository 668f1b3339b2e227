/**
 * What a `state.updated` event carries: the change, not copies of the state (issue 20). An append
 * channel (`messages`, lists) that grew by appending records only the new items and the index they
 * start at; any other changed channel records its new value. So a step costs the same at 10 and at
 * 5,000 messages of history. `applyStateDelta` folds a delta onto the state before it: every reader
 * that needs the whole state at a step folds the run's deltas (or reads the step's checkpoint).
 * Browser-safe and pure.
 */

/** Items appended to an append channel: `items` start at index `from` of the new value. */
export type AppendedItems = { from: number; items: unknown[] };

/** The data of a state.updated event (its zod schema: TRACE_DATA in trace.ts). */
export type StateDelta = {
  /** The channels whose value changed, in write order. */
  changed: string[];
  /** Changed channels -> their new value (last-value and merge channels, and lists rewritten rather than appended to). */
  set?: Record<string, unknown>;
  /** Append channels that grew by appending -> the appended items. */
  appended?: Record<string, AppendedItems>;
  /** Why, when a person set the channels at a pause (`edited at breakpoint`, `edited at human step`). */
  reason?: string;
};

/**
 * Does `after` hold every item of `before` (the same objects, in order) followed by new items?
 * The engine's append reducer keeps the earlier items as they were (lib/engine/state.ts), so this
 * is a pointer comparison, not a deep one.
 */
export function appendsTo(before: unknown, after: unknown): after is unknown[] {
  if (!Array.isArray(before) || !Array.isArray(after) || after.length <= before.length) return false;
  for (let i = before.length - 1; i >= 0; i--) if (before[i] !== after[i]) return false;
  return true;
}

/** The delta of `changed` channels from `before` to `after` (missing values count as null). */
export function stateDelta(before: Record<string, unknown>, after: Record<string, unknown>, changed: readonly string[], reason?: string): StateDelta {
  const out: StateDelta = { changed: [...changed] };
  for (const ch of changed) {
    const prev = before[ch];
    const next = after[ch] ?? null;
    if (Array.isArray(prev) && appendsTo(prev, next)) (out.appended ??= {})[ch] = { from: prev.length, items: next.slice(prev.length) };
    else (out.set ??= {})[ch] = next;
  }
  if (reason !== undefined) out.reason = reason;
  return out;
}

/**
 * The delta of a state.updated event's data. Runs recorded before deltas carry `after` (the new
 * values of the changed channels, whole): read as `set`.
 */
export function deltaOf(data: { changed?: readonly string[]; set?: Record<string, unknown>; appended?: Record<string, AppendedItems>; before?: Record<string, unknown>; after?: Record<string, unknown>; reason?: string }): StateDelta {
  const out: StateDelta = { changed: [...(data.changed ?? [])] };
  const set = data.set ?? (data.appended ? undefined : data.after);
  if (set) out.set = set;
  if (data.appended) out.appended = data.appended;
  if (data.reason !== undefined) out.reason = data.reason;
  return out;
}

/** The state after `delta`, given the state before it (not modified). An append past what `state` holds keeps what it has and adds the items. */
export function applyStateDelta(state: Record<string, unknown>, delta: Pick<StateDelta, 'set' | 'appended'>): Record<string, unknown> {
  const next = { ...state };
  for (const [ch, value] of Object.entries(delta.set ?? {})) next[ch] = value;
  for (const [ch, add] of Object.entries(delta.appended ?? {})) {
    const base = Array.isArray(next[ch]) ? (next[ch] as unknown[]) : [];
    next[ch] = [...base.slice(0, add.from), ...add.items];
  }
  return next;
}
