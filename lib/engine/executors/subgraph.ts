/** The subgraph role: loads another saved graph and runs it nested (events under this node's span); a pause inside (human node or tool) pauses the run and resumes into the subgraph. */
import type { NodeOf } from '../../graph/schema';
import { EngineError, errorInfo, InterruptRequest } from '../errors';
import type { ExecContext, NodeResult } from '../scope';
import { lastContent } from '../state';
import { outputText } from '../tool-runner';
import { answer, evalNodeCel } from './common';

const PASS_THROUGH = new Set(['cancelled', 'timeout', 'max_tokens', 'rejected']);

export async function runSubgraphNode(node: NodeOf<'subgraph'>, ctx: ExecContext): Promise<NodeResult> {
  const input = node.input ? outputText(evalNodeCel(ctx, 'input', node.input)) : (ctx.task ?? lastContent(ctx.state));
  let doc;
  try {
    doc = await ctx.scope.ports.graphs.load(node.graph);
  } catch (err) {
    throw new EngineError('subgraph_not_found', `Subgraph node "${ctx.nodeId}": could not load graph "${node.graph}": ${errorInfo(err).message}`);
  }
  let res;
  try {
    res = await ctx.scope.runSubgraph(doc, input, ctx.span, ctx);
  } catch (err) {
    if (err instanceof InterruptRequest) throw err; // a pause inside pauses this run (nested.ts)
    const info = errorInfo(err);
    if (PASS_THROUGH.has(info.code) || ctx.scope.signal.aborted) throw err;
    throw new EngineError(info.code, `In subgraph "${node.graph}" (node "${ctx.nodeId}"): ${info.message}`);
  }
  return answer(ctx, outputText(res.output), res.output);
}
