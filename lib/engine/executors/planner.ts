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
import { structuredOutput } from '../structured';

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
  if (node.output_schema) return structuredPlan(node, ctx, node.output_schema);
  const plan = await makePlan(ctx, taskText(ctx), node.system_prompt);
  // The plan replaces any earlier plan, whatever the channel's reducer.
  return { update: {}, overwrite: { [node.output ?? 'plan']: plan }, output: plan };
}

/** With `output_schema`: the plan is the JSON object the schema describes (structured.ts), written to the plan channel. */
async function structuredPlan(node: NodeOf<'planner'>, ctx: ExecContext, schema: Record<string, unknown>): Promise<NodeResult> {
  const structured = await structuredOutput(ctx, schema);
  const task = taskText(ctx);
  const messages = structured.prepare([
    { role: 'system', content: node.system_prompt ?? PLANNER_SYSTEM },
    { role: 'user', content: `${historyBlock(ctx, task)}Task: ${task}\n\nWrite the plan.` },
  ]);
  const res = await chat(ctx, { messages, ...(structured.responseFormat ? { response_format: structured.responseFormat } : {}) });
  const { value } = await structured.finish(res.message.content ?? '', messages);
  return { update: {}, overwrite: { [node.output ?? 'plan']: value }, output: value };
}
