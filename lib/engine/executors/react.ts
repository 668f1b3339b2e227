/**
 * The MRKL / ReAct agent of seeds 000 and 004: one user message built from the prompt template
 * (the conversation so far goes in its {history}, seed 004's conversational agent),
 * stop at `Observation:`, parse Final Answer / Action + Action Input, run the tool, append
 * "<model output>\nObservation: <result>\nThought:" to the transcript, repeat up to max_steps.
 * Text that does not parse and unknown tools become the Observation, so the model can correct itself.
 */
import { DEFAULTS } from '../../graph/defaults';
import { REACT_STOP, ZERO_SHOT_REACT } from '../../graph/react-text';
import type { NodeOf } from '../../graph/schema';
import { chat } from '../llm';
import type { ExecContext, NodeResult } from '../scope';
import { historyBlock } from '../history';
import { argsFromText, runTool } from '../tool-runner';
import { bindToolFunctions } from '../function-tools';
import { answer, maxStepsError, taskText } from './common';
import {
  cleanOutput,
  compilePatterns,
  fillTemplate,
  parseStep,
  reactAnswerMarker,
  unknownTool,
  type ParsedStep,
} from './react-format';

export async function runReactAgent(node: NodeOf<'agent'>, ctx: ExecContext): Promise<NodeResult> {
  const patterns = compilePatterns(ctx.nodeId, node.final_answer_pattern, node.action_pattern);
  const tools = await bindToolFunctions(ctx, node.tools ?? []);
  const names = tools.map((t) => t.name);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const template = node.prompt_template ?? ZERO_SHOT_REACT;
  const query = taskText(ctx);
  const base = {
    tool_names: names.join(', '),
    tool_names_with_descriptions: tools.map((t) => `${t.name}: ${t.description}`).join('\n'),
    history: historyBlock(ctx, query),
    query,
  };
  const maxSteps = node.max_steps ?? DEFAULTS.max_steps;
  let transcript = '';

  for (let step = 1; step <= maxSteps; step++) {
    const prompt = fillTemplate(template, { ...base, transcript });
    const messages = [
      ...(node.system_prompt ? [{ role: 'system' as const, content: node.system_prompt }] : []),
      { role: 'user' as const, content: prompt },
    ];
    let parsed: ParsedStep = {};
    let output = '';
    await chat(ctx, {
      messages,
      stop: REACT_STOP,
      answer: reactAnswerMarker(patterns),
      describe: (res) => {
        output = cleanOutput(res.message.content ?? '');
        parsed = parseStep(output, patterns, names);
        return { parsed };
      },
    });
    if (parsed.final_answer !== undefined) return answer(ctx, parsed.final_answer);

    let observation: string;
    if (parsed.error) observation = parsed.error;
    else {
      const binding = byName.get(parsed.action!);
      if (!binding) observation = unknownTool(parsed.action!, names);
      else {
        const input = parsed.action_input ?? '';
        const res = await runTool(ctx, binding, argsFromText(binding, input), { action_input: input });
        observation = res.error !== undefined ? `Error: ${res.error}` : res.output;
      }
    }
    // The template ends "Thought: "; later turns follow "\nThought:", so the model's text gets its space back.
    const sep = transcript && !/^\s/.test(output) ? ' ' : '';
    transcript += `${sep}${output}\nObservation: ${observation}\nThought:`;
  }
  throw maxStepsError(ctx, maxSteps, 'without a Final Answer');
}
