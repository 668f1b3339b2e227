/**
 * Every CEL expression the docs show, with the variables it is evaluated over. The unit test
 * compiles each one with checkCel and evaluates it over SAMPLE_VARS (conditions must give a bool).
 */

/** Where an expression is evaluated, and the variables it sees there (from lib/engine). */
export type CelScope = 'edge' | 'exit' | 'node';

export const CEL_SCOPES: Record<CelScope, { where: string; vars: { name: string; what: string }[] }> = {
  edge: {
    where: 'Conditional edge branches (`when`), evaluated after the step’s writes are applied',
    vars: [
      { name: 'state', what: 'the whole state (every channel, including input and messages)' },
      { name: 'output', what: 'the output of the node the edge leaves: an agent’s answer text, a human node’s "approved" / "rejected" / edited value, an LLM router’s { label, reason }, a tool node’s result; null for a cel router' },
      { name: 'last', what: 'the content of the last message in state.messages ("" when none)' },
      { name: 'node', what: 'the id of the node the edge leaves' },
    ],
  },
  exit: {
    where: 'A tool_calling agent’s `exit: { when }`, evaluated after each model turn and its tool calls',
    vars: [
      { name: 'state', what: 'the state at the start of the node’s step (the loop’s own messages are not in it yet)' },
      { name: 'messages', what: 'the loop’s conversation so far, including tool calls and tool results' },
      { name: 'last', what: 'the text of the model’s latest reply' },
      { name: 'output', what: 'the result of the last tool called in this turn, else the reply text' },
    ],
  },
  node: {
    where: 'Node expressions: `input` (agent, planner, supervisor, subgraph), human `show`, tool node `args`',
    vars: [
      { name: 'state', what: 'the state at the start of the step' },
      { name: 'last', what: 'the content of the last message' },
      { name: 'node', what: 'the id of this node' },
    ],
  },
};

export interface CelExample {
  expr: string;
  scope: CelScope;
  what: string;
  /** A condition gives a bool; otherwise it gives a value (text for input/show, anything for args). */
  condition: boolean;
}

export const CEL_EXAMPLES: readonly CelExample[] = [
  { expr: 'state.verdict == "revise"', scope: 'edge', condition: true, what: 'a string channel written by the reviewer’s `output`' },
  { expr: 'size(state.messages) > 6', scope: 'edge', condition: true, what: 'the conversation grew past six messages' },
  { expr: 'output.contains("APPROVED")', scope: 'edge', condition: true, what: 'the node’s answer text contains a word' },
  { expr: 'output == "approved"', scope: 'edge', condition: true, what: 'after a human node in approval mode' },
  { expr: 'last.lowerAscii().contains("lgtm")', scope: 'edge', condition: true, what: 'case-insensitive check of the last message' },
  { expr: 'has(state.score) && state.score >= 0.8', scope: 'edge', condition: true, what: 'a channel that may not be set yet' },
  { expr: 'state.attempts < 3 && node == "writer"', scope: 'edge', condition: true, what: 'whole numbers are CEL ints, so `+ 1` and `< 3` work' },
  { expr: 'state.tags.exists(t, t == "urgent")', scope: 'edge', condition: true, what: 'a macro over a list channel' },
  { expr: 'state.verdict in ["approve", "approved"]', scope: 'edge', condition: true, what: 'membership in a list' },
  { expr: 'output.contains("DONE")', scope: 'exit', condition: true, what: 'stop once a tool result (or the reply) says DONE' },
  { expr: 'size(messages) >= 10', scope: 'exit', condition: true, what: 'stop after a long loop' },
  { expr: 'state.draft', scope: 'node', condition: false, what: 'input: work on a channel instead of the last user message' },
  { expr: '"Review this draft:\\n" + last', scope: 'node', condition: false, what: 'input / show: text built from the last message' },
  { expr: 'state.input', scope: 'node', condition: false, what: 'a tool node argument: the run’s original input' },
];

/** Sample variables for each scope (what a run could really hold). */
export const SAMPLE_VARS: Record<CelScope, Record<string, unknown>> = {
  edge: {
    state: {
      input: 'Write a haiku about rivers.',
      messages: [
        { role: 'user', content: 'Write a haiku about rivers.' },
        { role: 'assistant', content: 'Water finds its way…' },
      ],
      verdict: 'revise',
      score: 0.9,
      attempts: 1,
      tags: ['urgent', 'poetry'],
    },
    output: 'APPROVED with notes',
    last: 'LGTM',
    node: 'writer',
  },
  exit: {
    state: { input: 'What is 2^10?', messages: [{ role: 'user', content: 'What is 2^10?' }] },
    messages: [
      { role: 'user', content: 'What is 2^10?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'calc', arguments: '{"expression":"2^10"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '1024' },
    ],
    last: '',
    output: '1024',
  },
  node: {
    state: { input: 'Summarize the report.', messages: [{ role: 'user', content: 'Summarize the report.' }], draft: 'A first draft.' },
    last: 'Summarize the report.',
    node: 'reviewer',
  },
};

export const examplesFor = (scope: CelScope) => CEL_EXAMPLES.filter((e) => e.scope === scope);
export const celExample = (expr: string): CelExample => {
  const found = CEL_EXAMPLES.find((e) => e.expr === expr);
  if (!found) throw new Error(`not a documented CEL example: ${expr}`);
  return found;
};
