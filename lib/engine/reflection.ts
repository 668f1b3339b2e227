/**
 * Self-reflection (seed 001 SRM) on a tool with `reflect: N` (every tool type that runs at once:
 * not `human` / `client`, which pause the run, nor `agent`; an openapi tool's every operation and an
 * mcp tool's every server tool, each judged against its own description): after the tool runs, the node's model
 * judges whether the tool's description (its objective), its input and its output are aligned. If
 * not, it rephrases the input (keeping its meaning) and the tool runs again, at most N times; each
 * result is judged. The agent gets the first aligned output, or the last one with a note.
 * The judgements are model calls under the tool's span (llm.request / llm.response with
 * `purpose: 'reflection'`); the tool.result's `reflection` lists every attempt.
 */
import { registerAttemptSpan } from './attempt-keys';
import { chat } from './llm';
import type { ToolSpec } from '../graph/schema';
import type { ExecContext } from './scope';
import { argsFromText, type ToolBinding, type ToolOutcome } from './tool-binding';

export const REFLECTION_SYSTEM_PROMPT = `You check the result of a tool call for self-reflection.
Given the tool's description (its objective), the input it was called with and the output it returned, decide whether they are aligned: does the output serve the tool's objective for this input (for a search: does it hold results about what was asked)?
Reply with JSON only, no prose: {"aligned": true or false, "reason": "<one sentence>", "rephrased_input": <only when not aligned>}.
When not aligned, rephrased_input is the input rephrased so that the tool is more likely to return an aligned output, keeping its meaning: a string for a text input, or a JSON object with the same keys for an object input.`;

const MAX_SHOWN_OUTPUT = 4000;

export interface Verdict {
  aligned: boolean;
  reason: string;
  rephrased?: unknown;
}

/** The verdict in a reply (the first JSON object in it), or undefined when there is none. */
export function parseVerdict(text: string | null): Verdict | undefined {
  const m = /\{[\s\S]*\}/.exec(text ?? '');
  if (!m) return undefined;
  try {
    const v = JSON.parse(m[0]) as { aligned?: unknown; reason?: unknown; rephrased_input?: unknown };
    if (typeof v.aligned !== 'boolean') return undefined;
    const rephrased = v.rephrased_input;
    const usable = (typeof rephrased === 'string' && rephrased.trim()) || (rephrased && typeof rephrased === 'object' && !Array.isArray(rephrased));
    return { aligned: v.aligned, reason: typeof v.reason === 'string' ? v.reason : '', ...(usable ? { rephrased } : {}) };
  } catch {
    return undefined;
  }
}

export interface ReflectedTool {
  name: string;
  description: string;
  /** Arguments from a rephrased text input (tool-runner's argsFromText). */
  argsFromText(text: string): unknown;
  /** Runs the tool once; `attempt` 0 is the first run. */
  run(args: unknown, attempt: number): Promise<ToolOutcome>;
}

interface Attempt {
  input: unknown;
  aligned?: boolean;
  reason?: string;
  error?: string;
}

const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

async function judge(ctx: ExecContext, tool: ReflectedTool, input: unknown, output: string): Promise<Verdict | undefined> {
  const out = output.length > MAX_SHOWN_OUTPUT ? `${output.slice(0, MAX_SHOWN_OUTPUT)}\n[... ${output.length - MAX_SHOWN_OUTPUT} more characters]` : output;
  const res = await chat(ctx, {
    purpose: 'reflection',
    messages: [
      { role: 'system', content: REFLECTION_SYSTEM_PROMPT },
      { role: 'user', content: `Tool: ${tool.name}\nDescription: ${tool.description || '(none)'}\nInput: ${shown(input)}\nOutput:\n${out || '(empty)'}` },
    ],
  });
  return parseVerdict(res.message.content);
}

/**
 * Runs `tool` with up to `times` reflections. `span` is the tool.call span the judgements hang
 * under; `activity` the call's attempt key (the judgements are recorded under it, so a node run
 * again recalls them).
 */
export async function runReflected(ctx: ExecContext, tool: ReflectedTool, args: unknown, times: number, span: string, activity: string): Promise<ToolOutcome> {
  registerAttemptSpan(ctx, span, activity);
  const under: ExecContext = { ...ctx, span, parentSpan: span };
  const attempts: Attempt[] = [];
  let input = args;
  let out = await tool.run(input, 0);
  for (let rerun = 0; ; rerun++) {
    const attempt: Attempt = { input };
    attempts.push(attempt);
    const verdict = await judge(under, tool, input, out.output);
    if (!verdict) {
      attempt.error = 'the judgement was not the JSON asked for';
      return reflected(out, attempts, undefined);
    }
    attempt.aligned = verdict.aligned;
    attempt.reason = verdict.reason;
    if (verdict.aligned) return reflected(out, attempts, true);
    if (rerun >= times || verdict.rephrased === undefined) {
      const why = verdict.reason ? `: ${verdict.reason}` : '';
      const note = `\n\n[Self-reflection: this output may not fit the tool's purpose after ${rerun} rephrasing${rerun === 1 ? '' : 's'}${why}]`;
      return reflected({ ...out, output: out.output + note }, attempts, false);
    }
    input = typeof verdict.rephrased === 'string' ? tool.argsFromText(verdict.rephrased) : verdict.rephrased;
    out = await tool.run(input, rerun + 1);
  }
}

function reflected(out: ToolOutcome, attempts: Attempt[], aligned: boolean | undefined): ToolOutcome {
  return { ...out, data: { ...out.data, reflection: { aligned: aligned ?? null, reruns: attempts.length - 1, attempts } } };
}

/** How many reruns `spec` allows (`reflect: N`; 0, the default, for none and for tool types without it). */
export function reflectTimes(spec: ToolSpec): number {
  return 'reflect' in spec ? (spec.reflect ?? 0) : 0;
}

/**
 * `binding` with self-reflection when its tool (`spec`) has `reflect: N`, else `binding` itself.
 * `run(args, activity, span)` runs the tool once (under the call's span); a rerun with a rephrased
 * input is another call with its own attempt key (`<activity>.r<k>`, hence its own idempotency key).
 */
export function withReflection(ctx: ExecContext, binding: ToolBinding, spec: ToolSpec, run: (args: unknown, activity: string, span?: string) => Promise<ToolOutcome>): ToolBinding {
  const times = reflectTimes(spec);
  if (times <= 0) return binding;
  const tool: Omit<ReflectedTool, 'run'> = { name: binding.name, description: binding.description, argsFromText: (text) => argsFromText(binding, text) };
  return {
    ...binding,
    invoke: (args, span, activity) => runReflected(ctx, { ...tool, run: (a, attempt) => run(a, attempt ? `${activity}.r${attempt}` : activity, span) }, args, times, span, activity),
  };
}
