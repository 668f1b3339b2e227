/**
 * What each node field does, for the docs' role tables. Used when the zod schema has no
 * `.description` (lib/graph/schema/ documents its fields in comments, which zod cannot read).
 * Keyed by field name; a role-specific entry wins over the generic one.
 */
import type { NodeRole } from '@/lib/graph/schema';

const FIELD_HELP: Record<string, string> = {
  role: 'The node role (the key that selects this schema).',
  label: 'Name shown on the canvas (the node id is used when empty).',
  description: 'What the node is for. Shown on the canvas; for a supervisor worker or an agent tool, it is the description the calling model reads.',
  model: 'Key of an entry under `models:`. Without it the node uses `models.default`, which must then exist.',
  system_prompt: 'System message sent before the conversation.',
  input: 'CEL giving the task text (variables state, last, node). Without it: the last user message, else state.input.',
  output: 'State channel the node’s result is written to (besides the messages it appends). A node with an output channel is not the run’s answer unless the graph’s `output` names it.',
  memory: 'Conversation memory, kept per conversation: `{ window: N }` (only the last N turns in the prompt), `{ summary: { after: N, model? } }` (older turns summarized as a system note), `{ entities: { every: N, model? } }` (a “Known entities” note).',
  history: 'What of the conversation the node sees: `all` (default), `own` (the user’s messages and its own), `last` (only the latest message) or `none` (only its task). Other nodes’ messages arrive as user messages naming their author.',
  tools: 'Keys of entries under `tools:` the node may call.',
  max_steps: 'Upper bound on model turns (tool-calling rounds or ReAct Thought/Action steps). Default 8.',
  max_revisions: 'How many times the plan may be revised after a failed step. Default 2.',
  prompt: 'Text shown to the model (router) or the person (human).',
  guards: 'Checks on the node’s input (before it runs) and output (before anyone sees it): `{ input: [...], output: [...] }` with `pii`, `moderation`, `injection`, `json_schema`, `max_chars`, `regex`. A failed check redacts, flags (`guard.failed` in edge conditions) or blocks. See Guards.',
  output_schema: 'JSON Schema (top level `type: object`) the answer must match: sent as `response_format: json_schema` where the connection supports it, else asked for in the prompt, validated, repaired once. The parsed object goes to `output`.',
};

const ROLE_FIELD_HELP: Partial<Record<NodeRole, Record<string, string>>> = {
  agent: {
    strategy: '`react` (text Thought/Action loop), `tool_calling` (native function calling, the default) or `plan_execute`.',
    exit: 'tool_calling: when the loop ends. `text` (a reply without tool calls, the default), `{ tool: name }` (right after that tool succeeds; its result is the answer) or `{ when: CEL }`.',
    prompt_template: 'react: the prompt template. Placeholders {tool_names}, {tool_names_with_descriptions}, {history}, {query}, {transcript}. Default: the zero-shot ReAct template below.',
    final_answer_pattern: 'react: regular expression with one group capturing the final answer.',
    action_pattern: 'react: regular expression with two groups capturing the tool name and its input.',
    output: 'State channel the final answer is written to (it is also appended to messages).',
  },
  planner: {
    output: 'State channel the plan is written to (default: `plan`, read by the executor).',
  },
  executor: {
    output: 'State channel the final answer is written to (it is also appended to messages).',
  },
  supervisor: {
    workers: 'Node ids offered to the supervisor as tools (at least one). Each is called with a `task` argument.',
  },
  tool: {
    tool: 'Key of the entry under `tools:` to call.',
    args: 'Argument name → CEL expression over state (also last, node).',
    output: 'State channel the tool result is written to.',
  },
  router: {
    mode: '`cel` (default): the outgoing conditional edge decides. `llm`: a model picks one of the branch labels.',
    model: 'llm mode: the model that classifies.',
    prompt: 'llm mode: system prompt of the classifier (default: “You are a router…”).',
    output: 'llm mode: channel receiving `{ label, reason }`.',
    history: 'llm mode: what of the conversation the classifier sees before its input (`all`, `own`, `last`, `none`).',
  },
  human: {
    prompt: 'The question shown to the person (required).',
    kind: '`approval` (default: approve / reject) or `input` (free text or an edited value).',
    show: 'CEL giving what is shown for review. Default: the last message.',
    output: 'Channel receiving "approved", "rejected" or the edited value.',
  },
  subgraph: {
    graph: 'Name of another saved graph (runs nested, at most 5 deep).',
    input: 'CEL giving the subgraph’s input. Default: the last message.',
    output: 'Channel receiving the subgraph’s output.',
  },
  map: {
    graph: 'Name of another saved graph, run once per item (nested, at most 5 deep).',
    items: 'CEL giving the list to map over, e.g. `state.topics`. A string item is the input as is; any other item is its JSON.',
    max_concurrency: 'How many items run at once (1–32, default 4).',
    on_error: '`fail` (default): a failing item fails the node. `collect`: its place in the output holds `{ error }`.',
    output: 'Channel receiving the list of outputs, in the items’ order.',
  },
};

export function fieldHelp(role: NodeRole, field: string): string | undefined {
  return ROLE_FIELD_HELP[role]?.[field] ?? FIELD_HELP[field];
}
