/**
 * Plan and execute: the planner answers a numbered plan of three steps; the executor answers each
 * step it is given with "Result of step N: ..."; a replanner/finisher that sees all three results
 * answers with a summary.
 */
import { allText, lastUserText, systemText } from '../conversation';
import type { MockChatRequest, MockRule } from '../mock-types';

export const PLAN_STEPS = ['Gather the facts', 'Compute the numbers', 'Write the summary'];
export const PLAN_TEXT = PLAN_STEPS.map((s, i) => `${i + 1}. ${s}`).join('\n');

/**
 * The step the executor is asked to do: the plan step named last in the last user message (the
 * plan itself may come first), else "step N", else the first step without a result.
 */
function stepAsked(req: MockChatRequest): number {
  const last = lastUserText(req);
  let best = -1;
  let bestAt = -1;
  PLAN_STEPS.forEach((s, i) => {
    const at = last.lastIndexOf(s);
    if (at > bestAt) [best, bestAt] = [i, at];
  });
  if (best >= 0) return best + 1;
  const explicit = /\bstep\s*(\d+)\b/i.exec(last);
  if (explicit) return Number(explicit[1]);
  const done = (allText(req).match(/Result of step \d+/g) ?? []).length;
  return Math.min(done + 1, PLAN_STEPS.length);
}

export const planExecuteRules: MockRule[] = [
  {
    name: 'planner',
    match: (req) => /\bplann(er|ing)\b|\bnumbered plan\b/i.test(systemText(req)),
    reply: (req) => {
      const done = (allText(req).match(/Result of step \d+/g) ?? []).length;
      if (done >= PLAN_STEPS.length) return { content: `Summary: all ${PLAN_STEPS.length} steps are done.` };
      return { content: PLAN_TEXT, chunkSize: 10 };
    },
  },
  {
    name: 'executor',
    match: (req) => /\bexecut(or|e|ing)\b/i.test(systemText(req)),
    reply: (req) => {
      const n = stepAsked(req);
      return { content: `Result of step ${n}: ${PLAN_STEPS[n - 1] ?? 'extra step'} done.` };
    },
  },
];
