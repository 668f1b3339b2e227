/**
 * The map role (issue 26): runs another saved graph once per item of a list, `max_concurrency` at a
 * time, and collects the outputs in the items' order. Each item is a child span (`<node>[i]`, role
 * `map_item`) under the node's span, and its graph's events hang under it. `on_error: fail` (the
 * default) stops starting items after the first failure, aborts those running and fails the node;
 * `collect` puts `{ error: { code, message } }` in the failed item's place.
 * A pause inside an item (a human step) is refused: items run concurrently and cannot be resumed one by one.
 */
import type { NodeOf } from '../../graph/schema';
import { MAP_MAX_ITEMS } from '../../graph/schema';
import { EngineError, errorInfo, InterruptRequest } from '../errors';
import type { ExecContext, NodeResult } from '../scope';
import { outputText } from '../tool-runner';
import { evalNodeCel } from './common';

const DEFAULT_CONCURRENCY = 4;
const PASS_THROUGH = new Set(['cancelled', 'timeout', 'max_tokens', 'rejected']);

type ItemOutcome = { ok: true; output: unknown } | { ok: false; error: { code: string; message: string } };

export async function runMapNode(node: NodeOf<'map'>, ctx: ExecContext): Promise<NodeResult> {
  const items = evalNodeCel(ctx, 'items', node.items);
  if (!Array.isArray(items)) {
    throw new EngineError('map_items', `Map node "${ctx.nodeId}": items (${node.items}) gave ${items === null ? 'null' : typeof items}, not a list`);
  }
  if (items.length > MAP_MAX_ITEMS) {
    throw new EngineError('map_items', `Map node "${ctx.nodeId}": items has ${items.length} entries; a map takes at most ${MAP_MAX_ITEMS}`);
  }
  let doc;
  try {
    doc = await ctx.scope.ports.graphs.load(node.graph);
  } catch (err) {
    throw new EngineError('subgraph_not_found', `Map node "${ctx.nodeId}": could not load graph "${node.graph}": ${errorInfo(err).message}`);
  }
  const onError = node.on_error ?? 'fail';
  const limit = Math.max(1, node.max_concurrency ?? DEFAULT_CONCURRENCY);
  // One signal for the items: the run's, and aborted when an item fails a map that fails.
  const stop = new AbortController();
  const onRunAbort = () => stop.abort(ctx.scope.signal.reason);
  if (ctx.scope.signal.aborted) onRunAbort();
  else ctx.scope.signal.addEventListener('abort', onRunAbort, { once: true });
  const scope = ctx.scope.withSignal(stop.signal);

  const results: ItemOutcome[] = new Array(items.length);
  let failed: { index: number; err: unknown } | undefined;
  let next = 0;

  const runItem = async (i: number): Promise<void> => {
    const item: unknown = items[i];
    const input = typeof item === 'string' ? item : outputText(item);
    const itemId = `${ctx.nodeId}[${i}]`;
    const span = scope.ports.newId();
    const at = { node: itemId, span, parent: ctx.span };
    const started = scope.ports.clock.now();
    scope.emit('node.started', { role: 'map_item', task: input, caller: ctx.nodeId }, at);
    const itemCtx: ExecContext = { ...ctx, scope, nodeId: itemId, span, parentSpan: ctx.span, resume: undefined, continuation: undefined, childWrites: [] };
    try {
      const res = await scope.runSubgraph(doc, input, span, itemCtx);
      results[i] = { ok: true, output: res.output };
      scope.emit('node.finished', { status: 'succeeded', output: res.output ?? null, latency_ms: scope.ports.clock.now() - started }, at);
    } catch (thrown) {
      const err =
        thrown instanceof InterruptRequest
          ? new EngineError('map_pause', `Map node "${ctx.nodeId}": item ${i} wants to pause the run (${thrown.interrupt.kind}); a map item cannot pause (human steps are not allowed in a mapped graph)`)
          : thrown;
      const info = errorInfo(err);
      scope.emit('node.finished', { status: 'failed', error: info, latency_ms: scope.ports.clock.now() - started }, at);
      results[i] = { ok: false, error: { code: info.code, message: info.message } };
      if (onError === 'fail' || PASS_THROUGH.has(info.code) || ctx.scope.signal.aborted) {
        if (!failed) failed = { index: i, err };
        stop.abort(err);
      }
    }
  };

  const lane = async (): Promise<void> => {
    while (!failed && !stop.signal.aborted && next < items.length) await runItem(next++);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  } finally {
    ctx.scope.signal.removeEventListener('abort', onRunAbort);
  }
  ctx.scope.checkAlive();
  if (failed) {
    const info = errorInfo(failed.err);
    if (PASS_THROUGH.has(info.code)) throw failed.err;
    throw new EngineError(info.code, `Map node "${ctx.nodeId}", item ${failed.index} (graph "${node.graph}"): ${info.message}`);
  }
  const output = results.map((r) => (r.ok ? r.output : { error: r.error }));
  return { update: node.output ? { [node.output]: output } : {}, output };
}
