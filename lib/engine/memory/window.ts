/**
 * What of a node's conversation goes into its prompt under `memory`: the head (leading system
 * messages), the summary and entity notes, then the last `keep` turns (all of them when unset).
 * Pure: no I/O.
 */
import type { ChatMessage, MemoryEntity } from '../ports';
import { splitTurns } from './turns';

export const SUMMARY_HEADING = 'Summary of the earlier conversation:';
export const ENTITIES_HEADING = 'Known entities:';

export interface MemoryNotes {
  /** How many of the latest turns stay verbatim (undefined: all). */
  keep?: number;
  summary?: string;
  entities?: readonly MemoryEntity[];
}

export function entitiesNote(entities: readonly MemoryEntity[]): string {
  return [ENTITIES_HEADING, ...entities.map((e) => `- ${e.name} (${e.kind}): ${e.summary}`)].join('\n');
}

/** `messages` with memory applied: head, summary note, entities note, the kept turns. */
export function withMemory(messages: readonly ChatMessage[], notes: MemoryNotes): ChatMessage[] {
  const { head, turns } = splitTurns(messages);
  const kept = notes.keep === undefined ? turns : turns.slice(Math.max(0, turns.length - notes.keep));
  const out: ChatMessage[] = [...head];
  if (notes.summary) out.push({ role: 'system', content: `${SUMMARY_HEADING}\n${notes.summary}` });
  if (notes.entities?.length) out.push({ role: 'system', content: entitiesNote(notes.entities) });
  return [...out, ...kept.flat()];
}
