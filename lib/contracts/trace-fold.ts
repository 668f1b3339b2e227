/**
 * The one fold of a run's trace: every reader (debug panel and timeline, run page cost, run diff,
 * OpenTelemetry export, CLI, graph tests, run rows, queue waiters) gets spans, statuses, the answer,
 * usage and cost, and "has the run ended" from here instead of rebuilding them.
 *
 * - `foldRunEvent(run, e)`: the run-level step (status, pending interrupt, answer, error, usage,
 *   ended); pure and immutable, so a reducer can apply it one event at a time.
 * - `foldTrace(events)`: that over all events, plus the tree of spans (run, node, model call, tool
 *   call, memory) and point events (edge taken, state update, pause, resume, unknown) under them.
 *
 * Tolerant by design: events are taken in `seq` order whatever order they come in; a span whose
 * parent is unknown hangs under the run span; run-level events recorded on `RUN_SPAN_ID` and on an
 * older run's random run span id are one span; an event type this version does not know becomes an
 * `unknown` point (shown as "unknown event <type>"), never anything else. Browser-safe, no I/O.
 */
import {
  eventData,
  RUN_END_TYPES,
  RUN_SPAN_ID,
  INTERRUPTED_REASONS,
  TRACE_EVENT_TYPES,
  type Interrupt,
  type RunEndType,
  type RunStatus,
  type TraceEvent,
} from './trace';
import { EMPTY_RUN, type RunFold, type RunUsage } from './run-fold';

export { EMPTY_RUN, type RunFold, type RunUsage } from './run-fold';

/** What the fold reads of an event; seq and ts may be missing (the CLI's and graph tests' events). */
export type FoldableEvent = Pick<TraceEvent, 'type' | 'span_id' | 'data'> & Partial<Pick<TraceEvent, 'seq' | 'ts' | 'step' | 'node' | 'parent_span_id'>>;

export type SpanKind = 'run' | 'node' | 'llm' | 'tool' | 'memory' | 'other';
export type PointKind = 'edge' | 'state' | 'interrupt' | 'resume' | 'guard' | 'unknown';
export type ItemStatus = 'running' | 'ok' | 'error' | 'paused' | 'skipped' | 'cancelled' | 'rejected';

/** A span (`point: false`) or a point event (`point: true`, one event) in the trace tree. */
export interface TraceItem<E extends FoldableEvent = TraceEvent> {
  /** The span id; `p<seq>` for a point. */
  id: string;
  parent: string | null;
  kind: SpanKind | PointKind;
  point: boolean;
  /** The graph node (its own, else the enclosing span's). */
  node?: string;
  events: E[];
  /** ms since the epoch of its first event (0 without ts); `end` null while the span is open. */
  start: number;
  end: number | null;
  status: ItemStatus;
  children: string[];
  /** The last seq that changed this item (for views that skip unchanged rows). */
  version: number;
}

export interface TraceFold<E extends FoldableEvent = TraceEvent> extends RunFold {
  items: Map<string, TraceItem<E>>;
  roots: string[];
  /** ms of the earliest and latest event (0 without ts). */
  t0: number;
  tLast: number;
}

const KNOWN: ReadonlySet<string> = new Set(TRACE_EVENT_TYPES);
/** The events that are always on the run span (a pause may be on a node's). */
const RUN_SPAN_TYPES: ReadonlySet<string> = new Set(['run.started', 'run.resumed', ...RUN_END_TYPES]);
const POINTS: Readonly<Record<string, PointKind>> = {
  'edge.taken': 'edge',
  'state.updated': 'state',
  'run.interrupted': 'interrupt',
  'run.resumed': 'resume',
  'guard.verdict': 'guard',
  'output.validated': 'guard',
};

export const isKnownEventType = (type: string): boolean => KNOWN.has(type);

/** Milliseconds since the epoch of an ISO time; 0 when missing or unparseable. */
export function tsMs(ts: string | undefined): number {
  const t = ts ? Date.parse(ts) : NaN;
  return Number.isFinite(t) ? t : 0;
}

/** `Rejected at "approve": too long` (the run row's error and the debug panel's words). */
export function rejectionText(r: { node: string; reason?: string }): string {
  return `Rejected at "${r.node}"${r.reason ? `: ${r.reason}` : ''}`;
}

function errorOf(data: Record<string, unknown>): { code: string; message: string } {
  const e = data.error;
  if (e && typeof e === 'object') {
    const { code, message } = e as { code?: unknown; message?: unknown };
    return { code: typeof code === 'string' ? code : 'error', message: typeof message === 'string' ? message : 'The run failed.' };
  }
  return { code: 'error', message: typeof data.message === 'string' ? data.message : 'The run failed.' };
}

function endUsage(u: RunUsage, data: Record<string, unknown>): RunUsage {
  const end = data.usage as Record<string, unknown> | undefined;
  if (!end || typeof end !== 'object') return u;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const cost = n(end.cost_usd) ?? u.cost_usd;
  return {
    input_tokens: n(end.input_tokens) ?? u.input_tokens,
    output_tokens: n(end.output_tokens) ?? u.output_tokens,
    ...(cost !== undefined ? { cost_usd: cost } : {}),
    model_calls: n(end.model_calls) ?? u.model_calls,
  };
}

/** The run-level step: the fold after one more event (the same object when the event changes nothing). */
export function foldRunEvent(run: RunFold, e: FoldableEvent): RunFold {
  const runSpan = run.runSpan ?? (RUN_SPAN_TYPES.has(e.type) && !e.parent_span_id ? e.span_id : null);
  const base = runSpan === run.runSpan ? run : { ...run, runSpan };
  if (e.type === 'llm.response') {
    if (run.ended) return base;
    const d = eventData(e, 'llm.response');
    const u = base.usage;
    const cost = d?.cost_usd;
    return {
      ...base,
      usage: {
        input_tokens: u.input_tokens + (d?.['gen_ai.usage.input_tokens'] ?? 0),
        output_tokens: u.output_tokens + (d?.['gen_ai.usage.output_tokens'] ?? 0),
        ...(cost !== undefined || u.cost_usd !== undefined ? { cost_usd: (u.cost_usd ?? 0) + (cost ?? 0) } : {}),
        model_calls: u.model_calls + 1,
      },
    };
  }
  // After the run ended, nothing moves it again (a late or duplicate event is kept in the tree only).
  if (run.ended || !e.type.startsWith('run.')) return base;
  switch (e.type) {
    case 'run.started':
      return { ...base, status: 'running' };
    case 'run.interrupted': {
      const d = eventData(e, 'run.interrupted');
      const interrupt: Interrupt | null = d
        ? { kind: d.kind, node: d.node, prompt: d.prompt, value: d.value, human_kind: d.human_kind, ...(d.tool_calls ? { tool_calls: d.tool_calls } : {}), ...(d.answered_by ? { answered_by: d.answered_by } : {}) }
        : null;
      return { ...base, status: INTERRUPTED_REASONS.includes(e.data.reason) ? 'interrupted' : 'paused', interrupt };
    }
    case 'run.resumed':
      return { ...base, status: 'running', interrupt: null };
    case 'run.finished': {
      const d = eventData(e, 'run.finished');
      const rejected = e.data.status === 'rejected' ? { node: typeof d?.rejected?.node === 'string' ? d.rejected.node : '?', ...(d?.rejected?.reason ? { reason: d.rejected.reason } : {}) } : null;
      return {
        ...base,
        status: rejected ? 'rejected' : 'succeeded',
        ended: true,
        endType: 'run.finished',
        interrupt: null,
        output: rejected ? null : (e.data.output ?? null),
        error: rejected ? { code: 'rejected', message: rejectionText(rejected) } : null,
        rejected,
        usage: endUsage(base.usage, e.data),
      };
    }
    case 'run.failed':
      return { ...base, status: 'failed', ended: true, endType: 'run.failed', interrupt: null, error: errorOf(e.data), usage: endUsage(base.usage, e.data) };
    case 'run.cancelled':
      return { ...base, status: 'cancelled', ended: true, endType: 'run.cancelled', interrupt: null, usage: endUsage(base.usage, e.data) };
    default:
      return base;
  }
}

function spanKind(type: string): SpanKind {
  const prefix = type.slice(0, type.indexOf('.') + 1);
  return ({ 'run.': 'run', 'node.': 'node', 'llm.': 'llm', 'tool.': 'tool', 'memory.': 'memory' } as Record<string, SpanKind>)[prefix] ?? 'other';
}

/** A span's status after one of its events (the span's end time is set with it). */
function spanStatusAfter(item: TraceItem<FoldableEvent>, e: FoldableEvent): ItemStatus | undefined {
  switch (e.type) {
    case 'node.finished': {
      const s = e.data.status;
      return s === 'failed' ? 'error' : s === 'skipped' ? 'skipped' : 'ok';
    }
    case 'llm.response':
    case 'memory.read':
      return 'ok';
    case 'tool.result':
      return e.data.error ? 'error' : 'ok';
    case 'memory.write':
      return e.data.error ? 'error' : item.status === 'error' ? 'error' : 'ok';
    case 'run.finished':
      return e.data.status === 'rejected' ? 'rejected' : 'ok';
    case 'run.failed':
      return 'error';
    case 'run.cancelled':
      return 'cancelled';
    default:
      return undefined;
  }
}

/** The events in seq order, each seq once (a replay that overlapped the stream repeats some); array order without seq. */
function bySeq<E extends FoldableEvent>(events: readonly E[]): readonly E[] {
  for (let i = 1; i < events.length; i++) {
    if ((events[i].seq ?? i) <= (events[i - 1].seq ?? i - 1)) {
      const sorted = events.map((e, j) => [e, j] as const).sort(([a, i1], [b, i2]) => (a.seq ?? i1) - (b.seq ?? i2) || i1 - i2);
      return sorted.filter(([e], k) => k === 0 || e.seq === undefined || e.seq !== sorted[k - 1][0].seq).map(([e]) => e);
    }
  }
  return events;
}

/** Only the run-level facts of a trace (status, ended, answer, error, usage), without the span tree. */
export function foldRun(events: readonly FoldableEvent[]): RunFold {
  return bySeq(events).reduce(foldRunEvent, EMPTY_RUN);
}

/** Folds a run's events (any order; taken by `seq`) into its span tree and run-level facts. */
export function foldTrace<E extends FoldableEvent>(input: readonly E[]): TraceFold<E> {
  const events = bySeq(input);
  const items = new Map<string, TraceItem<E>>();
  const wanted = new Map<string, (string | undefined)[]>();
  let run: RunFold = EMPTY_RUN;
  let t0 = 0;
  let tLast = 0;
  events.forEach((e, i) => {
    const seq = e.seq ?? i;
    const t = tsMs(e.ts);
    if (t && (!t0 || t < t0)) t0 = t;
    if (t > tLast) tLast = t;
    run = foldRunEvent(run, e);
    // Run-level events of the run span (whatever id an older recording gave it) are one span.
    const runLevel = e.type.startsWith('run.') && !e.parent_span_id;
    const spanId = runLevel && run.runSpan && (e.span_id === RUN_SPAN_ID || e.span_id === run.runSpan) ? run.runSpan : e.span_id;
    const pointKind = KNOWN.has(e.type) ? POINTS[e.type] : 'unknown';
    if (pointKind) {
      const id = `p${seq}`;
      const owner = items.get(spanId) ?? (e.parent_span_id ? items.get(e.parent_span_id) : undefined);
      items.set(id, { id, parent: null, kind: pointKind, point: true, node: e.node ?? owner?.node, events: [e], start: t, end: t, status: pointKind === 'interrupt' ? 'paused' : 'ok', children: [], version: seq });
      wanted.set(id, [spanId, e.parent_span_id]);
      // The span that paused shows as paused until it resumes.
      if (owner && owner.kind !== 'run' && owner.end === null && (pointKind === 'interrupt' || pointKind === 'resume')) {
        owner.status = pointKind === 'interrupt' ? 'paused' : 'running';
        owner.version = seq;
      }
      return;
    }
    let item = items.get(spanId);
    if (!item) {
      item = { id: spanId, parent: null, kind: spanKind(e.type), point: false, node: e.node, events: [], start: t, end: null, status: 'running', children: [], version: seq };
      items.set(spanId, item);
      wanted.set(spanId, [e.parent_span_id]);
    }
    item.events.push(e);
    item.version = seq;
    if (!item.start) item.start = t;
    const status = spanStatusAfter(item as TraceItem<FoldableEvent>, e);
    if (status) {
      item.status = status;
      item.end = t;
    }
  });
  const roots = link(items, wanted, run.runSpan);
  for (const id of roots) settle(items, id);
  return { ...run, items, roots, t0, tLast };
}

/**
 * Hangs each item under the first of its wanted parents that exists (without making a cycle), else
 * under the run span; children keep the order items were first seen. Returns the roots.
 */
function link<E extends FoldableEvent>(items: Map<string, TraceItem<E>>, wanted: Map<string, (string | undefined)[]>, runSpan: string | null): string[] {
  const roots: string[] = [];
  const isAncestor = (candidate: string, of: string) => {
    for (let p: string | null = candidate, hops = 0; p !== null && hops <= items.size; p = items.get(p)?.parent ?? null, hops++) if (p === of) return true;
    return false;
  };
  for (const item of items.values()) {
    const options = [...(wanted.get(item.id) ?? []), item.id === runSpan ? undefined : (runSpan ?? undefined)];
    const parent = options.find((p) => p !== undefined && p !== item.id && items.has(p) && !items.get(p)!.point && !isAncestor(p, item.id));
    if (parent === undefined) {
      roots.push(item.id);
      continue;
    }
    const owner = items.get(parent)!;
    item.parent = parent;
    item.node ??= owner.node;
    owner.children.push(item.id);
  }
  return roots;
}

/** A span that failed or was cancelled ends what it still had open (running or paused) with its status. */
function settle<E extends FoldableEvent>(items: Map<string, TraceItem<E>>, id: string): void {
  const item = items.get(id)!;
  for (const c of item.children) {
    const child = items.get(c)!;
    if ((item.status === 'error' || item.status === 'cancelled') && (child.status === 'running' || child.status === 'paused') && !child.point) {
      child.status = item.status;
      child.end = item.end;
      child.version = Math.max(child.version, item.version);
    }
    settle(items, c);
  }
}

/** The items under `id` in tree order (depth first), not counting it. */
export function descendants<E extends FoldableEvent>(fold: TraceFold<E>, id: string): TraceItem<E>[] {
  const out: TraceItem<E>[] = [];
  const walk = (i: string) => {
    for (const c of fold.items.get(i)?.children ?? []) {
      out.push(fold.items.get(c)!);
      walk(c);
    }
  };
  walk(id);
  return out;
}
