/**
 * The sync half of memory (see prepare.ts): the notes prepareMemory worked out for one node
 * execution, and the node's view of the conversation with them applied (history.ts historyFor).
 */
import type { ChatMessage } from '../ports';
import type { ExecContext } from '../scope';
import { withMemory, type MemoryNotes } from './window';

const prepared = new WeakMap<ExecContext, MemoryNotes>();

export function setMemoryNotes(ctx: ExecContext, notes: MemoryNotes): void {
  prepared.set(ctx, notes);
}

/** The node's view of the conversation with its prepared memory applied (unchanged without one). */
export function applyMemory(ctx: ExecContext, view: ChatMessage[]): ChatMessage[] {
  const notes = prepared.get(ctx);
  return notes ? withMemory(view, notes) : view;
}
