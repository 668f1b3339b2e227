/**
 * The planner role: asks the model for a numbered plan and writes it (string[]) to state[output || 'plan'].
 * The conversation before the task (its `history` view) goes in the prompt as "Previous conversation:".
 */
import type { NodeOf } from '../../graph/schema';
import { chat } from '../llm';
import { historyBlock } from '../history';
import type { ExecContext, NodeResult } from '../scope';
import { taskText } from './common';
import { PLANNER_SYSTEM, planOrFail } from './plan-text';

export async function makePlan(ctx: ExecContext, task: string, system: string | undefined, toolNames: string[] = []): Promise<string[]> {
  const tools = toolNames.length ? `\n\nTools the executor can use: ${toolNames.join(', ')}.` : '';
  const res = await chat(ctx, {
    messages: [
      { role: 'system', content: system ?? PLANNER_SYSTEM },
      { role: 'user', content: `${historyBlock(ctx, task)}Task: ${task}${tools}\n\nWrite the plan as a numbered list.` },
    ],
  });
  return planOrFail(ctx.nodeId, res.message.content ?? '', 'plan');
}

export async function runPlanner(node: NodeOf<'planner'>, ctx: ExecContext): Promise<NodeResult> {
  const plan = await makePlan(ctx, taskText(ctx), node.system_prompt);
  // The plan replaces any earlier plan, whatever the channel's reducer.
  return { update: {}, overwrite: { [node.output ?? 'plan']: plan }, output: plan };
}
