/**
 * The MRKL / ReAct loop's text handling (seeds 000, 004): filling the prompt template (lib/graph/react-text.ts)
 * and parsing the model's Thought / Action / Action Input / Final Answer.
 */
import { DEFAULTS } from '../../graph/defaults';
import { REACT_STOP_WORD } from '../../graph/react-text';
import { EngineError } from '../errors';

export interface PromptParams {
  tool_names: string;
  tool_names_with_descriptions: string;
  query: string;
  transcript: string;
}

/** Fills the placeholders in one pass (values are never re-scanned for placeholders). */
export function fillTemplate(template: string, params: PromptParams): string {
  return template.replace(/\{(tool_names_with_descriptions|tool_names|query|transcript)\}/g, (_, key: keyof PromptParams) => params[key]);
}

export interface ParsedStep {
  thought?: string;
  action?: string;
  action_input?: string;
  final_answer?: string;
  error?: string;
}

function compile(pattern: string, field: string, node: string, groups: number): RegExp {
  let re: RegExp;
  try {
    re = new RegExp(pattern);
  } catch (err) {
    throw new EngineError('bad_pattern', `Node "${node}" ${field} is not a valid regular expression: ${(err as Error).message}`);
  }
  const count = new RegExp(`${re.source}|`).exec('')!.length - 1;
  if (count < groups) {
    throw new EngineError('bad_pattern', `Node "${node}" ${field} must have ${groups} capture group${groups > 1 ? 's' : ''} (it has ${count})`);
  }
  return re;
}

export interface ReactPatterns {
  finalAnswer: RegExp;
  action: RegExp;
}

export function compilePatterns(node: string, finalAnswer?: string, action?: string): ReactPatterns {
  return {
    finalAnswer: compile(finalAnswer ?? DEFAULTS.final_answer_pattern, 'final_answer_pattern', node, 1),
    action: compile(action ?? DEFAULTS.action_pattern, 'action_pattern', node, 2),
  };
}

const unquote = (s: string) => s.trim().replace(/^"([\s\S]*)"$/, '$1').trim();

/** Cuts what the model wrote at an `Observation:` it should not have written (a server ignoring stop). */
export function cleanOutput(text: string): string {
  const i = text.indexOf(REACT_STOP_WORD);
  return (i >= 0 ? text.slice(0, i) : text).trimEnd();
}

export function parseStep(text: string, patterns: ReactPatterns, toolNames: string[]): ParsedStep {
  const markers = /(?:^|\n)\s*(?:Action\s*:|Final Answer\s*:)/.exec(text);
  const thought = (markers ? text.slice(0, markers.index) : text).replace(/^\s*Thought\s*:/, '').trim() || undefined;
  const fa = patterns.finalAnswer.exec(text);
  if (fa && fa[1] !== undefined) return { thought, final_answer: unquote(fa[1]) };
  const act = patterns.action.exec(text);
  if (act && act[1] !== undefined) {
    return { thought, action: act[1].trim(), action_input: unquote(act[2] ?? '') };
  }
  return { thought, error: unparseable(toolNames) };
}

export function unparseable(toolNames: string[]): string {
  return (
    'Could not parse an Action or a Final Answer from your last output. Use the format:\n' +
    `Thought: what to do next\nAction: one of [${toolNames.join(', ')}]\nAction Input: the input to the action\n` +
    'or, when you know the answer:\nThought: I now know the final answer\nFinal Answer: the final answer'
  );
}

export function unknownTool(name: string, toolNames: string[]): string {
  return `"${name}" is not a valid action. Valid actions are: [${toolNames.join(', ')}]. Use one of them in Action.`;
}
