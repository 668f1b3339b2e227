/**
 * The exact prompt of a model call, rebuilt from the trace. An llm.request event stores only what is
 * new since the previous llm.request of the same node span: `messages_from: k` means "the first k
 * messages of that previous request, then `messages`". Browser-safe and pure.
 */
import { eventData, type TraceEvent } from './trace';
import type { z } from 'zod';
import type { MessageData } from './trace';

export type PromptMessage = z.output<typeof MessageData>;

/**
 * The full messages of the last of `requests`: the llm.request events of one node span, in order,
 * up to and including the call wanted. A request whose prefix is missing gives what it has.
 */
export function fullPrompt(requests: readonly Pick<TraceEvent, 'type' | 'data'>[]): PromptMessage[] {
  let messages: PromptMessage[] = [];
  for (const e of requests) {
    const req = eventData(e, 'llm.request');
    if (!req) continue;
    messages = req.messages_from === undefined ? [...req.messages] : [...messages.slice(0, req.messages_from), ...req.messages];
  }
  return messages;
}
