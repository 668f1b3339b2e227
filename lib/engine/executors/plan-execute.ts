/** Agent strategy plan_execute: the planner and the executor in one node. */
import { DEFAULTS } from '../../graph/defaults';
import type { NodeOf } from '../../graph/schema';
import type { ExecContext, NodeResult } from '../scope';
import { historyBlock } from '../history';
import { bindToolFunctions } from '../function-tools';
import { answer, taskText } from './common';
import { executePlan, planWrites } from './executor-role';
import { makePlan } from './planner';

export async function runPlanExecuteAgent(node: NodeOf<'agent'>, ctx: ExecContext): Promise<NodeResult> {
  const task = taskText(ctx);
  const tools = await bindToolFunctions(ctx, node.tools ?? []);
  const plan = await makePlan(ctx, task, undefined, tools.map((t) => t.name));
  const out = await executePlan(ctx, {
    task,
    history: historyBlock(ctx, task),
    plan,
    tools,
    system: node.system_prompt,
    maxSteps: node.max_steps ?? DEFAULTS.max_steps,
    maxRevisions: DEFAULTS.max_revisions,
  });
  return { ...answer(ctx, out.answer), overwrite: planWrites(ctx, 'plan', out.plan, out.past) };
}
