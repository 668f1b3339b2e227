/**
 * A run's conversation (an assistants thread id, or the `conversation_id` of a run or a chat
 * completion): the engine's MemoryPort over the async store's memory repository, and the conversation's
 * earlier turns for a run started with only its new input.
 */
import 'server-only';
import type { ChatMessage, MemoryPort } from '@/lib/engine/ports';
import { outputText } from '@/lib/engine/tool-runner';
import { getStore } from '@/db/store';

export interface RunConversation {
  conversationId: string;
  graphId: string;
}

export function createMemoryPort(c: RunConversation): MemoryPort {
  return {
    async load(node) {
      const row = await getStore().memory.get({ ...c, node });
      if (!row) return undefined;
      return {
        ...(row.summary != null ? { summary: row.summary } : {}),
        summarized_turns: row.summarizedTurns,
        entities: row.entities,
        entities_at_turn: row.entitiesAtTurn,
        turns: row.turns,
      };
    },
    async save(node, r) {
      await getStore().memory.save({ ...c, node }, { summary: r.summary ?? null, summarizedTurns: r.summarized_turns, entities: r.entities, entitiesAtTurn: r.entities_at_turn, turns: r.turns });
    },
  };
}

/**
 * The inputs of a run of a conversation: given as they are when they hold `messages` (the caller
 * sent the history: an assistants thread, a chat completion), else with `messages` set to the
 * conversation's earlier turns on this graph (input and answer of each succeeded run) and the new input.
 */
export async function conversationInputs(c: RunConversation, input: string, inputs: Record<string, unknown> | undefined): Promise<Record<string, unknown> | undefined> {
  if (inputs && Object.hasOwn(inputs, 'messages')) return inputs;
  const turns = await getStore().memory.turns(c.conversationId, c.graphId);
  if (!turns.length) return inputs;
  const messages: ChatMessage[] = turns.flatMap((t): ChatMessage[] => [
    { role: 'user', content: t.input },
    { role: 'assistant', content: outputText(t.output ?? '') },
  ]);
  return { ...inputs, messages: [...messages, { role: 'user', content: input }] };
}
