/**
 * OpenAI chat messages -> a run's input: the last user message is the run input, the messages
 * before it go into `state.messages` as history.
 */
import type { ChatMessage } from '@/lib/engine/ports';
import { contentText, type ChatCompletionMessage } from '@/lib/contracts/openai';
import { OpenAIApiError } from './errors';

function toChatMessage(m: ChatCompletionMessage): ChatMessage {
  const content = contentText(m.content);
  switch (m.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content };
    case 'user':
      return m.name ? { role: 'user', content, name: m.name } : { role: 'user', content };
    case 'assistant': {
      const out: ChatMessage = { role: 'assistant', content: m.content == null ? null : content };
      if (m.tool_calls?.length) {
        out.tool_calls = m.tool_calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.function.name, arguments: c.function.arguments } }));
      }
      return out;
    }
    case 'tool':
      return { role: 'tool', content, tool_call_id: m.tool_call_id ?? '' };
  }
}

export interface RunInput {
  input: string;
  history: ChatMessage[];
}

export function runInputFromMessages(messages: ChatCompletionMessage[], param = 'messages'): RunInput {
  let last = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role === 'user') {
      last = i;
      break;
    }
  }
  if (last < 0) throw new OpenAIApiError('invalid_messages', 'messages must contain a user message: the last one is the input of the graph run.', { param });
  if (last !== messages.length - 1) {
    throw new OpenAIApiError('invalid_messages', `messages must end with a user message (the input of the graph run); found "${messages[messages.length - 1].role}" after it.`, { param });
  }
  return { input: contentText(messages[last].content), history: messages.slice(0, last).map(toChatMessage) };
}

/** The `role: tool` messages that end the conversation (results of client tool calls), in order; none when it ends otherwise. */
export function trailingToolResults(messages: ChatCompletionMessage[], param = 'messages'): { tool_call_id: string; output: string }[] {
  let i = messages.length;
  while (i > 0 && messages[i - 1].role === 'tool') i--;
  return messages.slice(i).map((m, k) => {
    if (!m.tool_call_id) throw new OpenAIApiError('invalid_messages', 'A tool message needs the tool_call_id of the call it answers.', { param: `${param}.${i + k}.tool_call_id` });
    return { tool_call_id: m.tool_call_id, output: contentText(m.content) };
  });
}
