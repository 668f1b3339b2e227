/**
 * The run reducer: trace events in, plain run data out (status, per-node status, edges taken with
 * the branch chosen, the pending interrupt, token totals). Pure; applyToStore feeds the run store
 * once per flushed batch. Events at or below the last applied `seq` are ignored, so an SSE reconnect that
 * replays from Last-Event-ID (or a replay racing the stream) never double-counts.
 */
import { eventData, type Interrupt, type TraceEvent } from '@/lib/contracts/trace';
import type { RunStore } from './run-store';
import { usageOf } from './trace-data';
import { edgeKey, emptyRunView, type NodeRunStatus, type RunView } from './run-view';

function finishedStatus(e: TraceEvent): NodeRunStatus {
  const s = eventData(e, 'node.finished')?.status;
  if (s === 'failed') return 'failed';
  if (s === 'skipped') return 'skipped';
  return 'done';
}

function toInterrupt(e: TraceEvent): Interrupt | null {
  const d = eventData(e, 'run.interrupted');
  if (!d) return null;
  return { kind: d.kind, node: d.node, prompt: d.prompt, value: d.value, human_kind: d.human_kind };
}

/** Apply a batch of events (in seq order) and return a new view; the input view is not mutated. */
export function applyEvents(view: RunView, batch: readonly TraceEvent[]): RunView {
  const fresh = batch.filter((e) => e.seq > view.lastSeq);
  if (fresh.length === 0) return view;
  const next: RunView = {
    ...view,
    events: view.events.concat(fresh),
    nodeStatus: { ...view.nodeStatus },
    takenEdges: { ...view.takenEdges },
    usage: { ...view.usage },
  };
  for (const e of fresh) {
    if (next.runId === null) next.runId = e.run_id;
    next.lastSeq = e.seq;
    reduceOne(next, e);
  }
  return next;
}

function clearNodes(view: RunView, from: NodeRunStatus, to: NodeRunStatus | null): void {
  for (const [id, s] of Object.entries(view.nodeStatus)) {
    if (s !== from) continue;
    if (to) view.nodeStatus[id] = to;
    else delete view.nodeStatus[id];
  }
}

function reduceOne(view: RunView, e: TraceEvent): void {
  switch (e.type) {
    case 'run.started':
      view.status = 'running';
      break;
    case 'node.started':
      if (e.node) view.nodeStatus[e.node] = 'running';
      break;
    case 'node.finished':
      if (e.node) view.nodeStatus[e.node] = finishedStatus(e);
      break;
    case 'edge.taken': {
      const d = eventData(e, 'edge.taken');
      if (!d) break;
      const { from, to } = d;
      const key = edgeKey(from, to);
      const prev = view.takenEdges[key];
      view.takenEdges[key] = {
        from,
        to,
        count: (prev?.count ?? 0) + 1,
        lastSeq: e.seq,
        branch_index: d.branch_index,
        condition: d.condition,
        value: d.value,
        reason: d.reason,
      };
      view.lastEdge = key;
      break;
    }
    case 'llm.response': {
      const u = usageOf(e);
      view.usage.input += u.input;
      view.usage.output += u.output;
      break;
    }
    case 'run.interrupted': {
      view.status = 'paused';
      view.interrupt = toInterrupt(e);
      if (view.interrupt) view.nodeStatus[view.interrupt.node] = 'paused';
      break;
    }
    case 'run.resumed':
      view.status = 'running';
      view.interrupt = null;
      clearNodes(view, 'paused', null);
      // A human node resumes where it paused (no new node.started): it is working again.
      if (e.node) view.nodeStatus[e.node] = 'running';
      break;
    case 'run.finished': {
      const d = eventData(e, 'run.finished');
      view.status = d?.status === 'rejected' ? 'rejected' : 'succeeded';
      view.output = d?.output;
      if (d?.rejected) view.error = { code: 'rejected', message: rejectionText(d.rejected) };
      view.interrupt = null;
      clearNodes(view, 'running', null);
      break;
    }
    case 'run.failed': {
      view.status = 'failed';
      const err = eventData(e, 'run.failed')?.error;
      view.error = { code: err?.code ?? 'error', message: err?.message ?? 'The run failed.' };
      view.interrupt = null;
      clearNodes(view, 'running', 'failed');
      break;
    }
    case 'run.cancelled':
      view.status = 'cancelled';
      view.interrupt = null;
      clearNodes(view, 'running', null);
      clearNodes(view, 'paused', null);
      break;
    default:
      break;
  }
}

/** True once the run can no longer change (the stream closes after these). */

/** `Rejected at "approve": too long` (the same words as the run row's error). */
export function rejectionText(r: { node: string; reason?: string }): string {
  return `Rejected at "${r.node}"${r.reason ? `: ${r.reason}` : ''}`;
}

/** Feed a batch (in seq order) to the store; already-applied seqs are ignored (no notification then). */
export function applyToStore(store: RunStore, batch: readonly TraceEvent[]): void {
  store.setState((s) => {
    const next = applyEvents(s, batch);
    return next === s ? s : next;
  });
}

/** Replace the store's trace with a stored run's events (replay from history); keeps the breakpoints. */
export function loadRunInto(store: RunStore, runId: string, events: readonly TraceEvent[]): void {
  store.setState(applyEvents(emptyRunView(runId), events));
}
