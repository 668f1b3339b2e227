/**
 * The MRKL / ReAct loop's text handling (seeds 000, 004): filling the prompt template (lib/graph/react-text.ts)
 * and parsing the model's Thought / Action / Action Input / Final Answer.
 */
import { DEFAULTS } from '../../graph/defaults';
import { REACT_STOP_WORD } from '../../graph/react-text';
import { safeRegex, type SafeRegex } from '../../graph/safe-regex';
import { EngineError } from '../errors';
import type { AnswerMarker } from '../llm';

export interface PromptParams {
  tool_names: string;
  tool_names_with_descriptions: string;
  /** The conversation before the question (history.ts historyBlock), '' in a one-turn run. */
  history: string;
  query: string;
  transcript: string;
}

/** Fills the placeholders in one pass (values are never re-scanned for placeholders). */
export function fillTemplate(template: string, params: PromptParams): string {
  return template.replace(/\{(tool_names_with_descriptions|tool_names|history|query|transcript)\}/g, (_, key: keyof PromptParams) => params[key]);
}

export interface ParsedStep {
  thought?: string;
  action?: string;
  action_input?: string;
  final_answer?: string;
  error?: string;
}

/** Author-supplied patterns run on RE2 (lib/graph/safe-regex): linear in the model's text. */
function compile(pattern: string, field: string, node: string, groups: number): SafeRegex {
  let re: SafeRegex;
  try {
    re = safeRegex(pattern);
  } catch (err) {
    throw new EngineError('bad_pattern', `Node "${node}" ${field} is ${(err as Error).message}`);
  }
  if (re.groups < groups) {
    throw new EngineError('bad_pattern', `Node "${node}" ${field} must have ${groups} capture group${groups > 1 ? 's' : ''} (it has ${re.groups})`);
  }
  return re;
}

export interface ReactPatterns {
  finalAnswer: SafeRegex;
  action: SafeRegex;
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
  // `[^\S\n]*`, not `\s*`: a run of newlines must not be rescanned from each of them (quadratic).
  const markers = /(?:^|\n)[^\S\n]*(?:Action\s*:|Final Answer\s*:)/.exec(text);
  const thought = (markers ? text.slice(0, markers.index) : text).replace(/^\s*Thought\s*:/, '').trim() || undefined;
  const fa = patterns.finalAnswer.exec(text);
  if (fa && fa[1] !== undefined) return { thought, final_answer: unquote(fa[1]) };
  const act = patterns.action.exec(text);
  if (act && act[1] !== undefined) {
    return { thought, action: act[1].trim(), action_input: unquote(act[2] ?? '') };
  }
  return { thought, error: unparseable(toolNames) };
}

/**
 * Marks the streamed text of one react model call: the answer is what final_answer_pattern's
 * capture group holds while it runs to the end of the text so far (the default: everything after
 * "Final Answer:"), from its first non-space character up to the stop word. A quoted answer is
 * never marked (parseStep unquotes it only once it is complete); text is never marked after the fact.
 */
export function reactAnswerMarker(patterns: ReactPatterns): AnswerMarker {
  let full = '';
  /** Where the answer starts in `full`; null while undecided, -1 for "no answer in this call". */
  let start: number | null = null;
  let end = Infinity;
  return (chunk) => {
    const from = full.length;
    full += chunk;
    if (start === null) start = answerStart(full, patterns);
    if (start === null || start < 0) return [{ text: chunk, answer: false }];
    const begin = Math.max(start, from);
    if (end === Infinity) {
      const stop = full.indexOf(REACT_STOP_WORD, start);
      if (stop >= 0) end = stop;
    }
    const cut = Math.max(begin, Math.min(end, full.length));
    return [
      { text: full.slice(from, begin), answer: false },
      { text: full.slice(begin, cut), answer: true },
      { text: full.slice(cut), answer: false },
    ];
  };
}

function answerStart(text: string, patterns: ReactPatterns): number | null {
  const m = patterns.finalAnswer.exec(text);
  if (!m || m[1] === undefined) return null;
  // The capture must run to the end of the text so far (an answer still being written).
  if (m.index + m[0].length !== text.length || !m[0].endsWith(m[1])) return null;
  const group = text.length - m[1].length;
  const first = text.slice(group).search(/\S/);
  if (first < 0) return null;
  return text[group + first] === '"' ? -1 : group + first;
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
