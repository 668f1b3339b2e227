/**
 * The run reducer: trace events in, plain run data out (status, per-node status, edges taken with
 * the branch chosen, the pending interrupt, token totals). The run-level part (status, pause,
 * answer, error, usage) is the trace fold's step, foldRunEvent (lib/contracts/trace-fold.ts). Pure; applyToStore feeds the run store
 * once per flushed batch. Events at or below the last applied `seq` are ignored, so an SSE reconnect that
 * replays from Last-Event-ID (or a replay racing the stream) never double-counts.
 */
import { eventData, type TraceEvent } from '@/lib/contracts/trace';
import { foldRunEvent, type RunFold } from '@/lib/contracts/trace-fold';
import type { RunStore } from './run-store';
import { edgeKey, emptyRunView, type NodeRunStatus, type RunView } from './run-view';

function finishedStatus(e: TraceEvent): NodeRunStatus {
  const s = eventData(e, 'node.finished')?.status;
  if (s === 'failed') return 'failed';
  if (s === 'skipped') return 'skipped';
  return 'done';
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

/** The canvas's node highlights as the run moves (paused, resumed, ended), from the run fold's step. */
function moveNodes(view: RunView, before: RunFold, after: RunFold, e: TraceEvent): void {
  if (after.ended) {
    if (before.ended) return;
    if (after.endType === 'run.failed') clearNodes(view, 'running', 'failed');
    else clearNodes(view, 'running', null);
    if (after.endType === 'run.cancelled') clearNodes(view, 'paused', null);
    return;
  }
  if (e.type === 'run.interrupted' && after.interrupt) view.nodeStatus[after.interrupt.node] = 'paused';
  if (e.type === 'run.resumed') {
    clearNodes(view, 'paused', null);
    // A human node resumes where it paused (no new node.started): it is working again.
    if (e.node) view.nodeStatus[e.node] = 'running';
  }
}

function reduceOne(view: RunView, e: TraceEvent): void {
  switch (e.type) {
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
    default:
      break;
  }
  // Status, pause, answer, error and usage: the one run fold (lib/contracts/trace-fold.ts).
  const before = view.run;
  const after = foldRunEvent(before, e);
  if (after === before) return;
  view.run = after;
  moveNodes(view, before, after, e);
  view.status = after.status ?? view.status;
  view.interrupt = after.interrupt;
  view.output = after.output;
  view.error = after.error;
  view.usage = { input: after.usage.input_tokens, output: after.usage.output_tokens };
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
