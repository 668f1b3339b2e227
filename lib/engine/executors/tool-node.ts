/** The tool role: one deterministic tool call, arguments from CEL over { state }, result to the output channel. */
import type { NodeOf } from '../../graph/schema';
import { EngineError } from '../errors';
import type { ExecContext, NodeResult } from '../scope';
import { bindTools, runTool } from '../tool-runner';
import { bindToolFunctions, isMultiFunction } from '../function-tools';
import { evalNodeCel } from './common';

export async function runToolNode(node: NodeOf<'tool'>, ctx: ExecContext): Promise<NodeResult> {
  const tools = ctx.scope.doc.tools ?? {};
  const spec = Object.hasOwn(tools, node.tool) ? tools[node.tool] : undefined;
  // Only a multi-function tool (openapi, mcp) needs the port asked for its functions (async).
  const [binding] = spec && isMultiFunction(spec) ? await bindToolFunctions(ctx, [node.tool]) : bindTools(ctx, [node.tool]);
  const args = Object.fromEntries(Object.entries(node.args ?? {}).map(([k, expr]) => [k, evalNodeCel(ctx, `args.${k}`, expr)]));
  const res = await runTool(ctx, binding, args);
  if (res.error !== undefined) throw new EngineError('tool_error', `Tool node "${ctx.nodeId}": tool "${node.tool}" failed: ${res.error}`);
  return { update: node.output ? { [node.output]: res.output } : {}, output: res.output };
}
