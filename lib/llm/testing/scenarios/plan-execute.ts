/**
 * Plan and execute: the planner answers a numbered plan of three steps; the executor answers each
 * step it is given with "Result of step N: ..."; the synthesis call over the step results answers
 * with a final answer listing them. Recognised by what the engine's prompts ask for (a numbered
 * plan, "do this step", "Results of the steps") or by planner/executor system prompts.
 */
import { allText, lastUserText, systemText } from '../conversation';
import type { MockChatRequest, MockRule } from '../mock-types';

const PLAN_STEPS = ['Gather the facts', 'Compute the numbers', 'Write the summary'];
const PLAN_TEXT = PLAN_STEPS.map((s, i) => `${i + 1}. ${s}`).join('\n');

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

const asksForPlan = (req: MockChatRequest) =>
  /\bplan\b[^\n]*\bnumbered list\b/i.test(lastUserText(req)) || /\bplanner\b|numbered plan|into (?:at most \d+ |a short list of )?(?:concrete )?steps/i.test(systemText(req));

export const planExecuteRules: MockRule[] = [
  {
    name: 'synthesis',
    match: (req) => lastUserText(req).includes('Results of the steps:'),
    reply: (req) => {
      const results = lastUserText(req).split('Results of the steps:')[1].trim().split('\n').map((l) => l.replace(/^-\s*/, ''));
      return { content: `Final answer: ${results.join(' ')}`, chunkSize: 12 };
    },
  },
  {
    name: 'planner',
    match: asksForPlan,
    reply: { content: PLAN_TEXT, chunkSize: 10 },
  },
  {
    name: 'executor',
    match: (req) => /do this step/i.test(lastUserText(req)) || /\bexecut(or|e|ing)\b|one step of a plan|carry out the plan/i.test(systemText(req)),
    reply: (req) => {
      const n = stepAsked(req);
      return { content: `Result of step ${n}: ${PLAN_STEPS[n - 1] ?? 'extra step'} done.` };
    },
  },
];
