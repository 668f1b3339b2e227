/**
 * Cost for display (issue 13), one formatter for the debug panel, the run history and the run page:
 * `$0.0012` (two significant digits under a dollar, cents above), "free" for a cost of 0 (a free
 * connection, or replies answered from a recording), "—" when unknown (no priced model call).
 * Pure; the exact figure goes in a tooltip (`costTitle`).
 */
import { eventData, type TraceEvent } from '@/lib/contracts/trace';
import { foldRun } from '@/lib/contracts/trace-fold';
import { formatUsd, roundUsd } from '@/lib/graph/prices';

export const UNKNOWN_COST = '—';

export function formatCost(usd: number | null | undefined): string {
  if (usd === null || usd === undefined || !Number.isFinite(usd) || usd < 0) return UNKNOWN_COST;
  if (usd === 0) return 'free';
  if (usd >= 1) return `$${usd.toFixed(2)}`;
  if (usd < 0.000001) return '<$0.000001';
  // toPrecision keeps 2 significant digits; cut zeros past the cents ("0.10" stays, "0.0010" -> "0.001").
  return `$${Number(usd.toPrecision(2)).toFixed(8).replace(/(\.\d\d\d*?)0+$/, '$1')}`;
}

/** The tooltip: the exact figure, or why there is none. */
export function costTitle(usd: number | null | undefined): string {
  if (usd === null || usd === undefined || !Number.isFinite(usd) || usd < 0) return 'Cost unknown: no model price for this call (Settings → connection → prices)';
  return usd === 0 ? 'Cost $0 (a free connection, or replies reused from a recording)' : `Cost ${formatUsd(usd)}`;
}

/**
 * A timeline row's cost from its own events: a model call's llm.response `cost_usd`, a node's
 * node.finished `usage.cost_usd` (its own model calls). Undefined when unknown or not applicable.
 */
export function rowCost(kind: string, events: readonly TraceEvent[]): number | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (kind === 'llm' && e.type === 'llm.response') return eventData(e, 'llm.response')?.cost_usd;
    if (kind === 'node' && e.type === 'node.finished') return eventData(e, 'node.finished')?.usage?.cost_usd;
  }
  return undefined;
}

/**
 * The run's cost so far (the run fold's usage, lib/contracts/trace-fold.ts): the total its end
 * event recorded when there is one, else the sum of the priced model calls seen. Undefined when no
 * call had a price.
 */
export function traceCost(events: readonly TraceEvent[]): number | undefined {
  const cost = foldRun(events).usage.cost_usd;
  return cost === undefined ? undefined : roundUsd(cost);
}
