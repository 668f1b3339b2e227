/**
 * Activities (exactly-once side effects): each model call and tool call inside a node gets a
 * deterministic key, and its result is recorded through `ports.activities` when it finishes. When
 * the node runs again (the run was interrupted by a crash and resumed, or resumed after a pause)
 * the same calls get the same keys and their recorded results are replayed instead of calling
 * again, as Temporal replays a workflow's event history.
 *
 * A key is `s<step>.g<graph depth>/<node>.<n>#<call>` for a node run by the scheduler: the superstep,
 * the node, its n-th run under that parent in this process (a subgraph's node may run several
 * times within one outer step), and the call's index within the node. A child node (worker,
 * `agent` tool) takes the key of the tool call that runs it as its parent instead of the step.
 * Spans are random per attempt, so they are not part of the key.
 */
import type { ActivityPort, ChatResult, ToolResult } from './ports';
import type { ExecContext } from './scope';

interface NodeCalls {
  base: string;
  next: number;
}

interface RunActivities {
  /** The step `spans` and `runs` are of: every key starts with its step, so older entries are never read again. */
  step: number;
  /** Activity key of each tool.call span that runs a child node (children key off it). */
  spans: Map<string, string>;
  /** How many node runs each parent path has had. */
  runs: Map<string, number>;
  /** keyPart of each node id met so far. */
  parts: Map<string, string>;
}

const perNode = new WeakMap<ExecContext, NodeCalls>();
const perRun = new WeakMap<object, RunActivities>();

function runActivities(ctx: ExecContext): RunActivities {
  const owner = ctx.scope.ports;
  const step = ctx.scope.step();
  let r = perRun.get(owner);
  if (!r) {
    r = { step, spans: new Map(), runs: new Map(), parts: new Map() };
    perRun.set(owner, r);
  } else if (r.step !== step) {
    r.step = step;
    r.spans.clear();
    r.runs.clear();
  }
  return r;
}

/** Characters safe in a key and in an HTTP header value. */
function keyPart(s: string): string {
  return s.replace(/[^A-Za-z0-9_.:-]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The deterministic key of the node's next activity (advances the node's call counter). */
export function nextActivityKey(ctx: ExecContext): string {
  let calls = perNode.get(ctx);
  if (!calls) {
    const run = runActivities(ctx);
    const parent = (ctx.parentSpan !== undefined && run.spans.get(ctx.parentSpan)) || `s${ctx.scope.step()}.g${ctx.scope.graphDepth}`;
    let part = run.parts.get(ctx.nodeId);
    if (part === undefined) run.parts.set(ctx.nodeId, (part = keyPart(ctx.nodeId)));
    const path = `${parent}/${part}`;
    const n = run.runs.get(path) ?? 0;
    run.runs.set(path, n + 1);
    calls = { base: `${path}.${n}`, next: 0 };
    perNode.set(ctx, calls);
  }
  return `${calls.base}#${calls.next++}`;
}

/** Children run from the tool call at `span` key their activities under `key`. */
export function registerActivitySpan(ctx: ExecContext, span: string, key: string): void {
  runActivities(ctx).spans.set(span, key);
}

/**
 * The recorded result of activity `key` when there is one of this kind (and `accept` agrees it is
 * for this call); else undefined.
 */
export async function recordedActivity<T>(port: ActivityPort | undefined, key: string, kind: 'llm' | 'tool', accept: (r: unknown) => r is T): Promise<T | undefined> {
  if (!port) return undefined;
  const rec = await port.get(key);
  if (!rec || rec.kind !== kind || !accept(rec.result)) return undefined;
  return rec.result;
}

export async function recordActivity(port: ActivityPort | undefined, key: string, kind: 'llm' | 'tool', result: unknown): Promise<void> {
  if (port) await port.put(key, kind, result);
}

export function isChatResult(r: unknown): r is ChatResult {
  const m = (r as ChatResult | null)?.message;
  return !!m && typeof m === 'object' && m.role === 'assistant' && typeof (r as ChatResult).usage === 'object';
}

/** A tool call's recorded outcome: its result, or the error the model was told. */
export type ToolActivity = ToolResult & { error?: string };

export function isToolActivity(r: unknown): r is ToolActivity {
  return !!r && typeof r === 'object' && typeof (r as ToolActivity).output === 'string';
}
