/**
 * The executor role: runs each step of the plan as a tool-calling sub-loop (the same loop as
 * tool_calling agents), collecting { step, result } into state.past_steps. When a step fails (an
 * error, or the model says it cannot), the model revises the remaining plan, up to max_revisions.
 * The final answer is the result of a one-step plan, else a synthesis call over all results.
 */
import { DEFAULTS } from '../../graph/defaults';
import type { NodeOf } from '../../graph/schema';
import { EngineError, errorInfo } from '../errors';
import { chat } from '../llm';
import type { ExecContext, NodeResult } from '../scope';
import { historyBlock } from '../history';
import type { ToolBinding } from '../tool-runner';
import { bindToolFunctions } from '../function-tools';
import { answer, taskText } from './common';
import { EXECUTOR_SYSTEM, numbered, planOrFail, saysCannot, SYNTHESIS_SYSTEM } from './plan-text';
import { toolCallingLoop } from './tool-calling';

export interface PastStep {
  step: string;
  result: string;
  failed?: boolean;
}

export interface PlanRun {
  task: string;
  /** The conversation before the task (history.ts historyBlock), put before "Task:" in every prompt. */
  history: string;
  plan: string[];
  tools: ToolBinding[];
  system?: string;
  maxSteps: number;
  maxRevisions: number;
}

/** Step failures the model may recover from by revising the plan; anything else ends the node. */
const RECOVERABLE = new Set(['max_steps', 'cel_error']);

const pastText = (past: PastStep[]) =>
  past.length ? past.map((p) => `- ${p.step}${p.failed ? ' (FAILED)' : ''}: ${p.result}`).join('\n') : '(none yet)';

async function runStep(ctx: ExecContext, run: PlanRun, plan: string[], past: PastStep[], step: string): Promise<{ ok: boolean; text: string }> {
  const prompt = `${run.history}Task: ${run.task}\n\nPlan:\n${numbered(plan)}\n\nResults so far:\n${pastText(past)}\n\nNow do this step: ${step}`;
  try {
    const r = await toolCallingLoop(ctx, {
      messages: [{ role: 'system', content: run.system ?? EXECUTOR_SYSTEM }, { role: 'user', content: prompt }],
      tools: run.tools,
      maxSteps: run.maxSteps,
    });
    return { ok: !saysCannot(r.text), text: r.text };
  } catch (err) {
    if (!(err instanceof EngineError) || !RECOVERABLE.has(err.code) || ctx.scope.signal.aborted) throw err;
    return { ok: false, text: errorInfo(err).message };
  }
}

async function revise(ctx: ExecContext, run: PlanRun, past: PastStep[], failed: PastStep, remaining: string[]): Promise<string[]> {
  const res = await chat(ctx, {
    messages: [
      { role: 'system', content: run.system ?? EXECUTOR_SYSTEM },
      {
        role: 'user',
        content:
          `${run.history}Task: ${run.task}\n\nResults so far:\n${pastText(past)}\n\nThe step "${failed.step}" failed: ${failed.result}\n\n` +
          `The remaining plan was:\n${numbered(remaining)}\n\nWrite a revised plan for the rest of the task as a numbered list only.`,
      },
    ],
  });
  return planOrFail(ctx.nodeId, res.message.content ?? '', 'revised plan');
}

export async function executePlan(ctx: ExecContext, run: PlanRun): Promise<{ answer: string; plan: string[]; past: PastStep[]; revisions: number }> {
  let plan = [...run.plan];
  const past: PastStep[] = [];
  let revisions = 0;
  for (let i = 0; i < plan.length; ) {
    const step = plan[i];
    const r = await runStep(ctx, run, plan, past, step);
    const entry: PastStep = r.ok ? { step, result: r.text } : { step, result: r.text, failed: true };
    past.push(entry);
    if (r.ok) {
      i++;
      continue;
    }
    if (revisions >= run.maxRevisions) {
      throw new EngineError(
        'plan_failed',
        `Node "${ctx.nodeId}": step "${step}" failed (${r.text}) and the plan was revised ${revisions} time(s) already (max_revisions ${run.maxRevisions})`,
      );
    }
    revisions++;
    plan = [...plan.slice(0, i), ...(await revise(ctx, run, past, entry, plan.slice(i)))];
  }
  const done = past.filter((p) => !p.failed);
  if (plan.length === 1) return { answer: done[done.length - 1]?.result ?? '', plan, past, revisions };
  const res = await chat(ctx, {
    messages: [
      { role: 'system', content: SYNTHESIS_SYSTEM },
      { role: 'user', content: `${run.history}Task: ${run.task}\n\nResults of the steps:\n${pastText(done)}` },
    ],
  });
  return { answer: res.message.content ?? '', plan, past, revisions };
}

/** The plan in state: `plan`, else the output channel of a planner node. */
function findPlan(ctx: ExecContext): { channel: string; plan: string[] } {
  const channels = ['plan'];
  for (const n of Object.values(ctx.scope.doc.nodes)) if (n.role === 'planner' && n.output) channels.push(n.output);
  for (const c of channels) {
    const v = ctx.state[c];
    if (Array.isArray(v) && v.length && v.every((s) => typeof s === 'string')) return { channel: c, plan: v as string[] };
  }
  throw new EngineError('no_plan', `Executor "${ctx.nodeId}" found no plan (a non-empty list of strings) in state.${channels.join(' / state.')}; put a planner before it`);
}

/** State writes of a finished plan: the (revised) plan and past_steps, which accumulate over runs. */
export function planWrites(ctx: ExecContext, channel: string, plan: string[], past: PastStep[]): Record<string, unknown> {
  const earlier = Array.isArray(ctx.state.past_steps) ? ctx.state.past_steps : [];
  return { [channel]: plan, past_steps: [...earlier, ...past] };
}

export async function runExecutor(node: NodeOf<'executor'>, ctx: ExecContext): Promise<NodeResult> {
  const { channel, plan } = findPlan(ctx);
  const task = taskText(ctx);
  const out = await executePlan(ctx, {
    task,
    history: historyBlock(ctx, task),
    plan,
    tools: await bindToolFunctions(ctx, node.tools ?? []),
    system: node.system_prompt,
    maxSteps: node.max_steps ?? DEFAULTS.max_steps,
    maxRevisions: node.max_revisions ?? DEFAULTS.max_revisions,
  });
  return { ...answer(ctx, out.answer), overwrite: planWrites(ctx, channel, out.plan, out.past) };
}
