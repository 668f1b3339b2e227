/**
 * Items of the Responses and Conversations APIs: the input items a request may carry (messages with
 * text content, `function_call` and `function_call_output`), normalized with ids as they are stored
 * and listed, and turned into the chat messages a run is given (run-turn.ts). Anything else is a
 * 400 naming the item (`input.2.type`, `input.0.content.1.type`).
 */
import { randomBytes } from 'node:crypto';
import type { ChatCompletionMessage } from '@/lib/contracts/openai';
import type { ResponseInputItem } from '@/lib/contracts/openai-responses';
import { OpenAIApiError } from './errors';

export type Item = Record<string, unknown> & { id: string; type: string };

/** An id like OpenAI's: the prefix and 48 hex digits. */
export const newItemId = (prefix: string) => `${prefix}_${randomBytes(24).toString('hex')}`;

const TEXT_PARTS = new Set(['input_text', 'output_text', 'text']);

function bad(param: string, message: string): never {
  throw new OpenAIApiError('bad_request', message, { param, code: 'invalid_value' });
}

function textParts(content: unknown, role: string, param: string): { type: string; text: string; annotations?: unknown[] }[] {
  const partType = role === 'assistant' ? 'output_text' : 'input_text';
  const part = (text: string) => (partType === 'output_text' ? { type: partType, text, annotations: [] } : { type: partType, text });
  if (typeof content === 'string') return [part(content)];
  if (!Array.isArray(content)) bad(`${param}.content`, `${param}.content must be a string or an array of text parts.`);
  return content.map((p, j) => {
    const type = (p as { type?: unknown })?.type;
    const text = (p as { text?: unknown })?.text;
    if (typeof type !== 'string' || !TEXT_PARTS.has(type)) {
      bad(`${param}.content.${j}.type`, `${param}.content.${j}: only text content (input_text, output_text) is supported, not ${JSON.stringify(type ?? null)}.`);
    }
    if (typeof text !== 'string') bad(`${param}.content.${j}.text`, `${param}.content.${j}.text must be a string.`);
    return part(text);
  });
}

function str(item: Record<string, unknown>, key: string, param: string): string {
  const v = item[key];
  if (typeof v !== 'string' || !v) bad(`${param}.${key}`, `${param}.${key} must be a non-empty string.`);
  return v;
}

/** One input item, checked and normalized (with an id). `param` names it in errors (e.g. `input.2`). */
export function normalizeItem(raw: ResponseInputItem, param: string): Item {
  const item = raw as Record<string, unknown>;
  const type = raw.type ?? (raw.role ? 'message' : undefined);
  switch (type) {
    case 'message': {
      const role = raw.role;
      if (role !== 'user' && role !== 'assistant' && role !== 'system' && role !== 'developer') {
        bad(`${param}.role`, `${param}.role must be one of user, assistant, system, developer; got ${JSON.stringify(role ?? null)}.`);
      }
      return { id: raw.id ?? newItemId('msg'), type: 'message', role, status: 'completed', content: textParts(item.content, role, param) };
    }
    case 'function_call':
      return {
        id: raw.id ?? newItemId('fc'),
        type: 'function_call',
        call_id: str(item, 'call_id', param),
        name: str(item, 'name', param),
        arguments: typeof item.arguments === 'string' ? item.arguments : bad(`${param}.arguments`, `${param}.arguments must be a JSON string.`),
        status: 'completed',
      };
    case 'function_call_output': {
      const output = item.output;
      const text = typeof output === 'string' ? output : textParts(output, 'user', param).map((p) => p.text).join('\n');
      return { id: raw.id ?? newItemId('fco'), type: 'function_call_output', call_id: str(item, 'call_id', param), output: text, status: 'completed' };
    }
    default:
      return bad(`${param}.type`, `${param}: item type ${JSON.stringify(type ?? null)} is not supported here (message, function_call, function_call_output).`);
  }
}

/** The request's `input`: a string is one user message. */
export function normalizeInput(input: string | ResponseInputItem[] | undefined, param = 'input'): Item[] {
  if (input === undefined) return [];
  if (typeof input === 'string') return [normalizeItem({ type: 'message', role: 'user', content: input } as ResponseInputItem, param)];
  return input.map((raw, i) => normalizeItem(raw, `${param}.${i}`));
}

const itemText = (item: Item) => ((item.content as { text: string }[] | undefined) ?? []).map((p) => p.text).join('\n');

/** Items (input and output alike) as chat messages, consecutive function calls joined on one assistant message. */
export function itemsToMessages(items: Item[]): ChatCompletionMessage[] {
  const out: ChatCompletionMessage[] = [];
  for (const item of items) {
    if (item.type === 'message') {
      out.push({ role: item.role as ChatCompletionMessage['role'], content: itemText(item) });
    } else if (item.type === 'function_call') {
      const call = { id: item.call_id as string, type: 'function' as const, function: { name: item.name as string, arguments: item.arguments as string } };
      const last = out.at(-1);
      if (last?.role === 'assistant') last.tool_calls = [...(last.tool_calls ?? []), call];
      else out.push({ role: 'assistant', content: null, tool_calls: [call] });
    } else if (item.type === 'function_call_output') {
      out.push({ role: 'tool', tool_call_id: item.call_id as string, content: item.output as string });
    }
  }
  return out;
}
