/** Plans as text: the prompts of the planner / executor roles and parsing a numbered plan. */
import { EngineError, excerpt } from '../errors';

export const PLANNER_SYSTEM =
  'You are a planner. Break the task into a short list of concrete steps; each step must be doable on its own ' +
  '(with the tools, if any). Answer with a numbered list only, one step per line: "1. ...", "2. ...".';

export const EXECUTOR_SYSTEM =
  'You carry out one step of a plan, using the tools when they help. Answer with the result of the step. ' +
  'If you cannot do the step, answer with "CANNOT: " followed by the reason.';

export const SYNTHESIS_SYSTEM = 'Write the final answer to the task from the results of the steps of its plan. Answer with the final answer only.';

const ITEM = /^\s*(?:(?:step\s*)?\d+\s*[.):-]|[-*\u2022])\s+(.*\S)\s*$/i;
const HEADER = /^\s*(?:#+\s*)?(?:here is (?:the|my) plan|(?:revised |new )?plan|steps)\s*:?\s*$/i;

const clean = (s: string) => s.replace(/^\*\*(.*)\*\*$/, '$1').replace(/\*\*/g, '').trim();

/**
 * Steps of a plan: numbered ("1." "1)" "Step 1:") or bulleted items; indented lines continue the
 * item above. Text without any list item falls back to one step per non-empty line.
 */
export function parsePlan(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const steps: string[] = [];
  for (const line of lines) {
    const m = ITEM.exec(line);
    if (m) steps.push(clean(m[1]));
    else if (steps.length && /^\s{2,}\S/.test(line)) steps[steps.length - 1] += ` ${line.trim()}`;
  }
  if (steps.length) return steps.filter(Boolean);
  return lines.map((l) => l.trim()).filter((l) => l && !HEADER.test(l));
}

export function planOrFail(node: string, text: string, what: string): string[] {
  const steps = parsePlan(text);
  if (!steps.length) throw new EngineError('bad_plan', `Node "${node}": the model's ${what} has no steps (it answered ${JSON.stringify(excerpt(text, 120))})`);
  return steps;
}

export const numbered = (steps: readonly string[]) => steps.map((s, i) => `${i + 1}. ${s}`).join('\n');

/** True when the model says it could not do the step. */
export function saysCannot(text: string): boolean {
  return /^\s*(?:CANNOT\b|I\s+(?:cannot|can't|can not|am unable to|was unable to|am not able to)\b)/i.test(text);
}
