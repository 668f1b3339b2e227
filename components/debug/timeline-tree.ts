/**
 * The trace timeline as a tree of rows: one row per span (run, node, model call, tool call, memory)
 * and one per point event (edge taken, state update, pause, resume, an unknown event type) under the
 * span it belongs to, as folded by lib/contracts/trace-fold.ts (the one place spans, parents and
 * statuses are worked out). This file adds what the panel shows: labels, streamed `llm.delta`
 * text, roles and token roll-ups. Pure: rebuilt from the events array (O(n)); each row carries
 * `version` (the last seq applied to it) so the view can skip rows that did not change.
 */
import { eventData, type TraceEvent, type TraceEventType } from '@/lib/contracts/trace';
import { foldTrace, type ItemStatus, type PointKind, type SpanKind, type TraceItem } from '@/lib/contracts/trace-fold';
import { usageOf } from './trace-data';

export type RowKind = SpanKind | PointKind;
export type RowStatus = ItemStatus;

export interface TimelineRow {
  id: string;
  parentId: string | null;
  kind: RowKind;
  /** The graph node this row belongs to (its own or inherited from the enclosing span). */
  node?: string;
  role?: string;
  /** An agent node's strategy (react, tool_calling, plan_execute). */
  strategy?: string;
  label: string;
  start: number;
  end: number | null;
  status: RowStatus;
  tokensIn: number;
  tokensOut: number;
  /** Model text streamed so far (llm.delta), for model-call rows. */
  text: string;
  events: TraceEvent[];
  /** Every event type in this row (for the type filter). */
  types: Set<TraceEventType>;
  children: string[];
  version: number;
}

export interface Timeline {
  rows: Map<string, TimelineRow>;
  roots: string[];
  /** Time of the first event and of the last one seen (ms since epoch). */
  t0: number;
  tLast: number;
}

/** What the row of an event type this version does not know says (never a guess at its meaning). */
export const unknownEventLabel = (type: string) => `unknown event ${type}`;

function pointLabel(kind: RowKind, e: TraceEvent): string {
  switch (kind) {
    case 'edge': {
      const d = eventData(e, 'edge.taken');
      const branch = d?.branch_index;
      const cond = d?.condition;
      const via = cond && cond !== 'else' ? ` when ${cond}` : cond === 'else' || d?.reason === 'else' ? ' (else)' : branch !== undefined ? ` (branch ${branch + 1})` : '';
      return `${d?.from ?? '?'} → ${d?.to ?? '?'}${via}`;
    }
    case 'state': {
      const d = eventData(e, 'state.updated');
      const changed = d?.changed ?? [];
      // A person's edit at a pause says so (`reason`: edited at breakpoint / human step).
      if (d?.reason) return `${d.reason}: ${changed.join(', ') || 'nothing changed'}`;
      return changed.length ? `state: ${changed.join(', ')}` : 'state updated';
    }
    case 'interrupt': {
      const d = eventData(e, 'run.interrupted');
      const node = d?.node ?? e.node ?? '?';
      return d?.kind === 'breakpoint' ? `breakpoint before ${node}` : `waiting for a person at ${node}`;
    }
    case 'resume':
      return resumedLabel(e);
    case 'guard':
      return guardLabel(e);
    default:
      return unknownEventLabel(e.type);
  }
}

/** A guard verdict ("guard pii · redact: email j***@***.com") or a structured-output check ("output schema · valid"). */
export function guardLabel(e: TraceEvent): string {
  const v = eventData(e, 'guard.verdict');
  if (v) {
    const matched = v.matches?.length ? `: ${v.matches.map((m) => `${m.kind} ${m.masked}`).join(', ')}` : v.reason ? `: ${v.reason}` : v.error ? `: ${v.error}` : '';
    return `guard ${v.stage} ${v.check} · ${v.verdict}${matched}`;
  }
  const o = eventData(e, 'output.validated');
  if (o) return `output schema (${o.mode}, attempt ${o.attempt}) · ${o.valid ? 'valid' : `invalid: ${(o.errors ?? []).join('; ')}`}`;
  return unknownEventLabel(e.type);
}

/** What a person decided: "approved", "rejected: <reason>", "edited", "continued", "stepped" (+ the channels edited). */
export function resumedLabel(e: TraceEvent): string {
  const d = eventData(e, 'run.resumed');
  const edited = d?.edited?.length ? ` · state edited: ${d.edited.join(', ')}` : '';
  const stateKeys = d && typeof d.state === 'object' && d.state ? Object.keys(d.state) : [];
  const humanEdit = !edited && stateKeys.length ? ` · state edited: ${stateKeys.join(', ')}` : '';
  switch (d?.action) {
    case 'approve':
      return `approved${edited || humanEdit}`;
    case 'reject':
      return d.reason ? `rejected: ${d.reason}` : 'rejected';
    case 'edit':
      return 'edited';
    case 'continue':
      return `continued${edited}`;
    case 'step':
      return `stepped${edited}`;
    case 'answer':
      return 'answered';
    default:
      return 'resumed';
  }
}

function spanLabel(item: TraceItem): string {
  const find = <T extends TraceEventType>(type: T) => eventData(item.events.find((e) => e.type === type), type);
  switch (item.kind) {
    case 'run': {
      const graph = find('run.started')?.graph;
      return `run${graph ? ` · ${graph}` : ''}`;
    }
    case 'node':
      return item.events[0]?.node ?? 'node';
    case 'llm':
      return `model call · ${find('llm.request')?.['gen_ai.request.model'] ?? 'model'}`;
    case 'tool':
      return `tool · ${find('tool.call')?.tool ?? '?'}`;
    case 'memory': {
      const w = eventData(item.events.findLast((e) => e.type === 'memory.write'), 'memory.write');
      return w ? `memory · ${w.error ? `${w.kind} failed` : `wrote ${w.kind}`}` : 'memory';
    }
    default:
      return item.events[0]?.type ?? 'span';
  }
}

function toRow(item: TraceItem, parent: TimelineRow | undefined): TimelineRow {
  const started = item.kind === 'node' ? eventData(item.events.find((e) => e.type === 'node.started'), 'node.started') : undefined;
  const row: TimelineRow = {
    id: item.id,
    parentId: item.parent,
    kind: item.kind,
    node: item.node,
    role: item.kind === 'node' ? started?.role : parent?.role,
    strategy: started?.strategy,
    label: item.point ? pointLabel(item.kind, item.events[0]) : spanLabel(item),
    start: item.start,
    end: item.end,
    status: item.status,
    tokensIn: 0,
    tokensOut: 0,
    text: '',
    events: item.events,
    types: new Set(item.events.map((e) => e.type)),
    children: item.children,
    version: item.version,
  };
  if (item.kind === 'llm') {
    for (const e of item.events) {
      if (e.type === 'llm.delta') row.text += eventData(e, 'llm.delta')?.text ?? '';
      if (e.type === 'llm.response') {
        const u = usageOf(e);
        row.tokensIn += u.input;
        row.tokensOut += u.output;
        if (!row.text) row.text = eventData(e, 'llm.response')?.content ?? '';
      }
    }
  }
  return row;
}

export function buildTimeline(events: readonly TraceEvent[]): Timeline {
  const fold = foldTrace(events);
  const rows = new Map<string, TimelineRow>();
  const add = (id: string, parent: TimelineRow | undefined) => {
    const row = toRow(fold.items.get(id)!, parent);
    rows.set(id, row);
    for (const c of row.children) add(c, row);
  };
  for (const id of fold.roots) add(id, undefined);
  // Tokens roll up into enclosing spans (an agent's row shows what its model calls used).
  const rollUp = (id: string): [number, number] => {
    const row = rows.get(id)!;
    if (row.kind === 'llm') return [row.tokensIn, row.tokensOut];
    let tin = row.tokensIn;
    let tout = row.tokensOut;
    for (const c of row.children) {
      const [a, b] = rollUp(c);
      tin += a;
      tout += b;
    }
    row.tokensIn = tin;
    row.tokensOut = tout;
    return [tin, tout];
  };
  fold.roots.forEach(rollUp);
  return { rows, roots: fold.roots, t0: fold.t0, tLast: fold.tLast };
}

export interface TimelineFilter {
  /** Only rows of these nodes (and their ancestors, for context); empty = all. */
  nodes: ReadonlySet<string>;
  /** Only rows holding one of these event types (and their ancestors); empty = all. */
  types: ReadonlySet<TraceEventType>;
}

export interface VisibleRow {
  row: TimelineRow;
  depth: number;
  hasChildren: boolean;
}

function matches(row: TimelineRow, f: TimelineFilter): boolean {
  if (f.nodes.size > 0 && !(row.node && f.nodes.has(row.node))) return false;
  if (f.types.size > 0 && ![...row.types].some((t) => f.types.has(t))) return false;
  return true;
}

/**
 * The rows to show, depth-first in event order: a row is shown when it matches the filter or one
 * of its descendants does; children of a collapsed row are hidden.
 */
export function visibleRows(tl: Timeline, filter: TimelineFilter, collapsed: ReadonlySet<string>): VisibleRow[] {
  const out: VisibleRow[] = [];
  const visit = (id: string, depth: number): boolean => {
    const row = tl.rows.get(id)!;
    const at = out.length;
    out.push({ row, depth, hasChildren: row.children.length > 0 });
    let childShown = false;
    if (collapsed.has(id)) {
      // Still decide visibility from descendants, without emitting them.
      childShown = row.children.some((c) => subtreeMatches(tl, c, filter));
    } else {
      for (const c of row.children) childShown = visit(c, depth + 1) || childShown;
    }
    if (matches(row, filter) || childShown) return true;
    out.splice(at, out.length - at);
    return false;
  };
  for (const r of tl.roots) visit(r, 0);
  return out;
}

function subtreeMatches(tl: Timeline, id: string, f: TimelineFilter): boolean {
  const row = tl.rows.get(id)!;
  return matches(row, f) || row.children.some((c) => subtreeMatches(tl, c, f));
}

/** For a react model call: the Observation = the result of the next tool call among its siblings. */
export function observationFor(tl: Timeline, llmRowId: string): string | undefined {
  const row = tl.rows.get(llmRowId);
  if (!row) return undefined;
  const siblings = row.parentId ? tl.rows.get(row.parentId)?.children ?? [] : tl.roots;
  const i = siblings.indexOf(llmRowId);
  for (const id of siblings.slice(i + 1)) {
    const s = tl.rows.get(id)!;
    if (s.kind === 'llm') return undefined;
    if (s.kind === 'tool') {
      const res = s.events.find((e) => e.type === 'tool.result');
      if (!res) return undefined;
      return eventData(res, 'tool.result')?.output;
    }
  }
  return undefined;
}

/** Every node that appears in the trace, in first-seen order (for the node filter). */
export function nodesInTrace(events: readonly TraceEvent[]): string[] {
  const seen = new Set<string>();
  for (const e of events) if (e.node) seen.add(e.node);
  return [...seen];
}
