/** The tool role: one deterministic tool call, arguments from CEL over { state }, result to the output channel. */
import type { NodeOf } from '../../graph/schema';
import { EngineError } from '../errors';
import type { ExecContext, NodeResult } from '../scope';
import { runTool } from '../tool-runner';
import { bindToolFunctions } from '../function-tools';
import { evalNodeCel } from './common';

export async function runToolNode(node: NodeOf<'tool'>, ctx: ExecContext): Promise<NodeResult> {
  const [binding] = await bindToolFunctions(ctx, [node.tool]);
  const args = Object.fromEntries(Object.entries(node.args ?? {}).map(([k, expr]) => [k, evalNodeCel(ctx, `args.${k}`, expr)]));
  const res = await runTool(ctx, binding, args);
  if (res.error !== undefined) throw new EngineError('tool_error', `Tool node "${ctx.nodeId}": tool "${node.tool}" failed: ${res.error}`);
  return { update: node.output ? { [node.output]: res.output } : {}, output: res.output };
}
