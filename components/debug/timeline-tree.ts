/**
 * The trace timeline as a tree of rows: one row per span (run, node, model call, tool call, memory),
 * nested by `parent_span_id`, plus one row per point event (edge taken, state update, pause,
 * resume) placed under the span it belongs to. Streamed `llm.delta` text is appended to its
 * model-call row. Pure: rebuilt from the events array (O(n)); each row carries `version`
 * (the last seq applied to it) so the view can skip rows that did not change.
 */
import { eventData, type TraceEvent, type TraceEventType } from '@/lib/contracts/trace';
import { tsMs, usageOf } from './trace-data';

export type RowKind = 'run' | 'node' | 'llm' | 'tool' | 'memory' | 'edge' | 'state' | 'interrupt' | 'resume' | 'other';
export type RowStatus = 'running' | 'ok' | 'error' | 'paused' | 'skipped' | 'cancelled' | 'rejected';

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

const POINT_TYPES: ReadonlySet<TraceEventType> = new Set(['edge.taken', 'state.updated', 'run.interrupted', 'run.resumed']);

function kindOf(type: TraceEventType): RowKind {
  if (type.startsWith('run.')) return 'run';
  if (type.startsWith('node.')) return 'node';
  if (type.startsWith('llm.')) return 'llm';
  if (type.startsWith('tool.')) return 'tool';
  if (type.startsWith('memory.')) return 'memory';
  return 'other';
}

function pointKind(type: TraceEventType): RowKind {
  if (type === 'edge.taken') return 'edge';
  if (type === 'state.updated') return 'state';
  if (type === 'run.interrupted') return 'interrupt';
  return 'resume';
}

function pointLabel(e: TraceEvent): string {
  switch (e.type) {
    case 'edge.taken': {
      const d = eventData(e, 'edge.taken');
      const branch = d?.branch_index;
      const cond = d?.condition;
      const via = cond && cond !== 'else' ? ` when ${cond}` : cond === 'else' || d?.reason === 'else' ? ' (else)' : branch !== undefined ? ` (branch ${branch + 1})` : '';
      return `${d?.from ?? '?'} → ${d?.to ?? '?'}${via}`;
    }
    case 'state.updated': {
      const d = eventData(e, 'state.updated');
      const changed = d?.changed ?? [];
      // A person's edit at a pause says so (`reason`: edited at breakpoint / human step).
      if (d?.reason) return `${d.reason}: ${changed.join(', ') || 'nothing changed'}`;
      return changed.length ? `state: ${changed.join(', ')}` : 'state updated';
    }
    case 'run.interrupted': {
      const d = eventData(e, 'run.interrupted');
      const node = d?.node ?? e.node ?? '?';
      return d?.kind === 'breakpoint' ? `breakpoint before ${node}` : `waiting for a person at ${node}`;
    }
    default:
      return resumedLabel(e);
  }
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

function spanLabel(e: TraceEvent, kind: RowKind): string {
  switch (kind) {
    case 'run': {
      const graph = eventData(e, 'run.started')?.graph;
      return `run${graph ? ` · ${graph}` : ''}`;
    }
    case 'node':
      return e.node ?? 'node';
    case 'llm':
      return `model call · ${eventData(e, 'llm.request')?.['gen_ai.request.model'] ?? 'model'}`;
    case 'tool':
      return `tool · ${eventData(e, 'tool.call')?.tool ?? '?'}`;
    case 'memory':
      return 'memory';
    default:
      return e.type;
  }
}

function newRow(id: string, parentId: string | null, kind: RowKind, e: TraceEvent, parent: TimelineRow | undefined): TimelineRow {
  const t = tsMs(e.ts);
  return {
    id,
    parentId,
    kind,
    node: e.node ?? parent?.node,
    role: kind === 'node' ? eventData(e, 'node.started')?.role : parent?.role,
    label: POINT_TYPES.has(e.type) ? pointLabel(e) : spanLabel(e, kind),
    start: t,
    end: POINT_TYPES.has(e.type) ? t : null,
    status: POINT_TYPES.has(e.type) ? (e.type === 'run.interrupted' ? 'paused' : 'ok') : 'running',
    tokensIn: 0,
    tokensOut: 0,
    text: '',
    events: [],
    types: new Set(),
    children: [],
    version: e.seq,
  };
}

/** Update a span row with one of its events. */
function applyToRow(row: TimelineRow, e: TraceEvent): void {
  const t = tsMs(e.ts);
  row.events.push(e);
  row.types.add(e.type);
  row.version = e.seq;
  switch (e.type) {
    case 'node.started': {
      const d = eventData(e, 'node.started');
      row.role = d?.role ?? row.role;
      row.strategy = d?.strategy;
      break;
    }
    case 'node.finished': {
      const s = eventData(e, 'node.finished')?.status;
      row.status = s === 'failed' ? 'error' : s === 'skipped' ? 'skipped' : 'ok';
      row.end = t;
      break;
    }
    case 'llm.request':
      row.label = spanLabel(e, 'llm');
      break;
    case 'llm.delta':
      row.text += eventData(e, 'llm.delta')?.text ?? '';
      break;
    case 'llm.response': {
      const u = usageOf(e);
      row.tokensIn += u.input;
      row.tokensOut += u.output;
      if (!row.text) row.text = eventData(e, 'llm.response')?.content ?? '';
      row.status = 'ok';
      row.end = t;
      break;
    }
    case 'tool.result':
      row.status = eventData(e, 'tool.result')?.error ? 'error' : 'ok';
      row.end = t;
      break;
    case 'memory.read':
      row.status = 'ok';
      row.end = t;
      break;
    case 'memory.write': {
      const d = eventData(e, 'memory.write');
      row.label = `memory · ${d?.error ? `${d.kind} failed` : `wrote ${d?.kind ?? '?'}`}`;
      if (d?.error) row.status = 'error';
      row.end = t;
      break;
    }
    case 'run.finished':
      row.status = eventData(e, 'run.finished')?.status === 'rejected' ? 'rejected' : 'ok';
      row.end = t;
      break;
    case 'run.failed':
      row.status = 'error';
      row.end = t;
      break;
    case 'run.cancelled':
      row.status = 'cancelled';
      row.end = t;
      break;
    default:
      break;
  }
}

/**
 * A span that failed or was cancelled ends whatever it still had open (a model call whose request
 * got an error answer never sends a response): those rows take its status instead of running forever.
 */
function settleOpenChildren(rows: Map<string, TimelineRow>, row: TimelineRow, seq: number): void {
  for (const id of row.children) {
    const child = rows.get(id);
    if (!child || child.status !== 'running') continue;
    child.status = row.status;
    child.end = row.end;
    child.version = seq;
    settleOpenChildren(rows, child, seq);
  }
}

export function buildTimeline(events: readonly TraceEvent[]): Timeline {
  const rows = new Map<string, TimelineRow>();
  const roots: string[] = [];
  let t0 = 0;
  let tLast = 0;
  const attach = (row: TimelineRow) => {
    rows.set(row.id, row);
    const parent = row.parentId ? rows.get(row.parentId) : undefined;
    if (parent) parent.children.push(row.id);
    else {
      row.parentId = null;
      roots.push(row.id);
    }
  };
  for (const e of events) {
    const t = tsMs(e.ts);
    if (!t0 || t < t0) t0 = t;
    if (t > tLast) tLast = t;
    if (POINT_TYPES.has(e.type)) {
      const parentId = rows.has(e.span_id) ? e.span_id : (e.parent_span_id ?? null);
      const row = newRow(`p${e.seq}`, parentId, pointKind(e.type), e, parentId ? rows.get(parentId) : undefined);
      row.events.push(e);
      row.types.add(e.type);
      attach(row);
      // The span that paused shows as paused until it resumes.
      const owner = parentId ? rows.get(parentId) : undefined;
      if (owner && owner.kind !== 'run' && owner.end === null) {
        if (e.type === 'run.interrupted') owner.status = 'paused';
        if (e.type === 'run.resumed') owner.status = 'running';
        owner.version = e.seq;
      }
      continue;
    }
    let row = rows.get(e.span_id);
    if (!row) {
      const parentId = e.parent_span_id ?? null;
      row = newRow(e.span_id, parentId, kindOf(e.type), e, parentId ? rows.get(parentId) : undefined);
      attach(row);
    }
    applyToRow(row, e);
    if (row.status === 'error' || row.status === 'cancelled') settleOpenChildren(rows, row, e.seq);
  }
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
  roots.forEach(rollUp);
  return { rows, roots, t0, tLast };
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
