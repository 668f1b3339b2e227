/**
 * Attempt keys: each model call and tool call inside a node gets a deterministic key, under which
 * the call journal (journal.ts) records it. When the node runs again (its run resumed after a pause,
 * or recovered after a crash) the same calls get the same keys, so their recorded results are
 * recalled instead of calling again, as Temporal replays a workflow's event history.
 *
 * A key is `s<step>.g<graph depth>/<node>.<n>#<call>` for a node run by the scheduler: the superstep,
 * the node, its n-th run under that parent in this process (a subgraph's node may run several
 * times within one outer step), and the call's index within the node. A child node (worker,
 * `agent` tool) takes the key of the tool call that runs it as its parent instead of the step.
 * Spans are random per attempt, so they are not part of the key. The counters live in the run's
 * scope (RunScope.calls).
 */
import type { CallCounters, ExecContext } from './scope';

/** Fresh counters for a run (index.ts). */
export function callCounters(step: number): CallCounters {
  return { step, spans: new Map(), runs: new Map(), parts: new Map(), nodes: new Map(), answered: new Set(), keys: [] };
}

/** The run's counters, cleared of the previous step's entries when a new step began. */
export function stepCounters(ctx: ExecContext): CallCounters {
  const c = ctx.scope.calls;
  const step = ctx.scope.step();
  if (c.step !== step) {
    c.step = step;
    c.spans.clear();
    c.runs.clear();
    c.nodes.clear();
    c.answered.clear();
    c.keys = [];
  }
  return c;
}

/** Characters safe in a key and in an HTTP header value. */
function keyPart(s: string): string {
  return s.replace(/[^A-Za-z0-9_.:-]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The attempt key of the node's next call (advances the node's call counter). */
export function nextAttemptKey(ctx: ExecContext): string {
  const run = stepCounters(ctx);
  let calls = run.nodes.get(ctx);
  if (!calls) {
    const parent = (ctx.parentSpan !== undefined && run.spans.get(ctx.parentSpan)) || `s${ctx.scope.step()}.g${ctx.scope.graphDepth}`;
    let part = run.parts.get(ctx.nodeId);
    if (part === undefined) run.parts.set(ctx.nodeId, (part = keyPart(ctx.nodeId)));
    const path = `${parent}/${part}`;
    const n = run.runs.get(path) ?? 0;
    run.runs.set(path, n + 1);
    calls = { base: `${path}.${n}`, next: 0 };
    run.nodes.set(ctx, calls);
  }
  return `${calls.base}#${calls.next++}`;
}

/** Children run from the tool call at `span` key their calls under `key`. */
export function registerAttemptSpan(ctx: ExecContext, span: string, key: string): void {
  stepCounters(ctx).spans.set(span, key);
}
