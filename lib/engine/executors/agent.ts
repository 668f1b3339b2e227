/** The agent role: dispatches on its strategy (a missing strategy is a compile error). */
import { DEFAULTS } from '../../graph/defaults';
import type { AgentStrategy, NodeOf } from '../../graph/schema';
import type { ExecContext, NodeResult } from '../scope';
import { runPlanExecuteAgent } from './plan-execute';
import { runReactAgent } from './react';
import { runToolCallingAgent } from './tool-calling';

const STRATEGIES: Record<AgentStrategy, (node: NodeOf<'agent'>, ctx: ExecContext) => Promise<NodeResult>> = {
  react: runReactAgent,
  tool_calling: runToolCallingAgent,
  plan_execute: runPlanExecuteAgent,
};

export function runAgent(node: NodeOf<'agent'>, ctx: ExecContext): Promise<NodeResult> {
  return STRATEGIES[node.strategy ?? DEFAULTS.strategy](node, ctx);
}
