/**
 * A conversation as turns: a turn starts at a message of the user (a `user` message without an
 * author `name`; other nodes' messages reach a node as named `user` messages and stay inside the
 * turn) and holds everything up to the next one. Leading system messages are the head, never a turn.
 * Pure: no I/O.
 */
import type { ChatMessage } from '../ports';

export interface Turns {
  head: ChatMessage[];
  turns: ChatMessage[][];
}

const startsTurn = (m: ChatMessage) => m.role === 'user' && !m.name;

export function splitTurns(messages: readonly ChatMessage[]): Turns {
  const head: ChatMessage[] = [];
  const turns: ChatMessage[][] = [];
  for (const m of messages) {
    if (!turns.length && m.role === 'system') head.push(m);
    else if (!turns.length || startsTurn(m)) turns.push([m]);
    else turns.at(-1)!.push(m);
  }
  return { head, turns };
}

/** At most `max` characters of a text (with an ellipsis when cut). */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const MAX_LINE_CHARS = 2000;

function line(m: ChatMessage): string | undefined {
  switch (m.role) {
    case 'user':
      return `${m.name ? m.name : 'User'}: ${clip(m.content, MAX_LINE_CHARS)}`;
    case 'assistant':
      return m.content ? `Assistant: ${clip(m.content, MAX_LINE_CHARS)}` : undefined;
    case 'tool':
      return `Tool result: ${clip(m.content, MAX_LINE_CHARS)}`;
    default:
      return undefined;
  }
}

/** Turns as plain text for a memory model call (long messages clipped, tool calls left out). */
export function transcript(turns: readonly ChatMessage[][]): string {
  return turns
    .flat()
    .map(line)
    .filter((l): l is string => l !== undefined)
    .join('\n');
}
