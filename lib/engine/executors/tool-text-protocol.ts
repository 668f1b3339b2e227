/**
 * Tool calling for servers without native `tools` (a connection with `supports.tools: false`): the
 * tools are described in the system prompt and the model answers either with one JSON block
 * `{"tool": name, "arguments": {...}}` (a call) or in plain text (the final answer). Pure: the
 * messages of a call are rewritten for the protocol, and the reply is parsed back into tool calls.
 */
import type { ChatMessage, ToolCall, ToolDefinition } from '../ports';

/** Splits streamed text into answer and non-answer pieces (llm.ts AnswerMarker). */
type AnswerMarker = (chunk: string) => { text: string; answer: boolean }[];

/** The instructions that replace the `tools` field of the request. */
export function toolProtocolPrompt(tools: ToolDefinition[]): string {
  const list = tools
    .map((t) => {
      const f = t.function;
      return `- ${f.name}${f.description ? `: ${f.description}` : ''}\n  arguments (JSON Schema): ${JSON.stringify(f.parameters ?? { type: 'object' })}`;
    })
    .join('\n');
  return [
    'You can use these tools:',
    list,
    '',
    'To use a tool, answer with only a JSON block and nothing else:',
    '```json',
    '{"tool": "<tool name>", "arguments": {<arguments>}}',
    '```',
    'You will get the result in the next message. When you have the final answer, answer in plain text without a JSON block.',
  ].join('\n');
}

const callBlock = (c: ToolCall) => {
  let args: unknown = c.function.arguments;
  try {
    args = JSON.parse(c.function.arguments || '{}');
  } catch {
    // the model's own malformed arguments go back as the string they were
  }
  return '```json\n' + JSON.stringify({ tool: c.function.name, arguments: args }) + '\n```';
};

/**
 * The messages of a tool-calling conversation for a server without tools: the protocol joins the
 * (first) system message, assistant tool calls become their JSON blocks, tool results become user
 * messages naming the tool.
 */
export function toTextProtocol(messages: ChatMessage[], tools: ToolDefinition[]): ChatMessage[] {
  const prompt = toolProtocolPrompt(tools);
  const names = new Map<string, string>();
  const out: ChatMessage[] = [];
  let prompted = false;
  for (const m of messages) {
    if (m.role === 'system' && !prompted) {
      out.push({ role: 'system', content: `${m.content}\n\n${prompt}` });
      prompted = true;
    } else if (m.role === 'assistant' && m.tool_calls?.length) {
      for (const c of m.tool_calls) names.set(c.id, c.function.name);
      const text = [m.content?.trim(), ...m.tool_calls.map(callBlock)].filter(Boolean).join('\n');
      out.push(m.name ? { role: 'assistant', content: text, name: m.name } : { role: 'assistant', content: text });
    } else if (m.role === 'tool') {
      out.push({ role: 'user', content: `Result of tool ${names.get(m.tool_call_id) ?? 'call'}:\n${m.content}` });
    } else out.push(m);
  }
  if (!prompted) out.unshift({ role: 'system', content: prompt });
  return out;
}

const FENCED = /```(?:json)?\s*\n?([\s\S]*?)```/g;

function callsIn(value: unknown): { name: string; args: unknown }[] {
  const items = Array.isArray(value) ? value : [value];
  const calls: { name: string; args: unknown }[] = [];
  for (const v of items) {
    if (!v || typeof v !== 'object') return [];
    const o = v as Record<string, unknown>;
    const name = typeof o.tool === 'string' ? o.tool : typeof o.name === 'string' ? o.name : undefined;
    if (!name) return [];
    calls.push({ name, args: o.arguments ?? o.args ?? o.parameters ?? {} });
  }
  return calls;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text.trim());
  } catch {
    return undefined;
  }
}

/**
 * The reply's tool calls (ids `${idPrefix}_${i}`, deterministic for replays) and the text around
 * them; a reply without a tool JSON block is the final answer as it is.
 */
export function parseToolReply(content: string | null, idPrefix: string): { content: string | null; tool_calls: ToolCall[] } {
  const text = content ?? '';
  const found: { name: string; args: unknown }[] = [];
  let rest = text;
  for (const m of text.matchAll(FENCED)) {
    const calls = callsIn(tryJson(m[1]));
    if (calls.length) {
      found.push(...calls);
      rest = rest.replace(m[0], '');
    }
  }
  if (!found.length) {
    // A bare JSON object (no fence): from the first `{` to the last `}`.
    const start = text.indexOf('{');
    const end = text.lastIndexOf('}');
    if (start >= 0 && end > start) {
      const calls = callsIn(tryJson(text.slice(start, end + 1)));
      if (calls.length) {
        found.push(...calls);
        rest = text.slice(0, start) + text.slice(end + 1);
      }
    }
  }
  if (!found.length) return { content, tool_calls: [] };
  const tool_calls: ToolCall[] = found.map((c, i) => ({
    id: `${idPrefix}_${i}`,
    type: 'function',
    function: { name: c.name, arguments: typeof c.args === 'string' ? c.args : JSON.stringify(c.args) },
  }));
  return { content: rest.trim() || null, tool_calls };
}

/**
 * Marks streamed text as the answer only when the reply does not open with a JSON block (a tool
 * call): decided at the first non-blank character; `inner` marks the answer pieces.
 */
export function textProtocolMarker(inner: AnswerMarker | undefined): AnswerMarker {
  let held = '';
  let decided: 'answer' | 'call' | undefined;
  return (chunk) => {
    if (decided === 'call') return [{ text: chunk, answer: false }];
    if (decided === 'answer') return inner ? inner(chunk) : [{ text: chunk, answer: false }];
    held += chunk;
    const first = held.trimStart()[0];
    if (first === undefined) return [];
    decided = first === '{' || first === '`' || first === '[' ? 'call' : 'answer';
    const text = held;
    held = '';
    return decided === 'call' || !inner ? [{ text, answer: false }] : inner(text);
  };
}
