/**
 * Who said what: the shared conversation (`state.messages`) as one node sees it in its prompt.
 * Every message a node writes carries its author (`name` = node id). For node N:
 * - the user's messages (and system messages) stay as they are;
 * - N's own messages stay `assistant`, as do assistant messages without an author (the graph's
 *   answers from earlier turns, e.g. a chat completions history);
 * - another node's message becomes a `user` message naming its author: OpenAI `name` plus a
 *   visible `[author] ` prefix, since many servers drop `name`;
 * - an assistant message with tool calls and its tool results form one unit that belongs to the
 *   message's author: the author sees the calls and results as they were; other nodes see only the
 *   author's text in it (nothing when it has none). Tool results without their call are dropped.
 * The node's `history` picks the units: `all` (default), `own` (the user's, system and its own),
 * `last` (the latest unit only), `none` (nothing: the node gets its task alone).
 * Pure: no I/O.
 */
import type { HistoryMode } from '../graph/schema';
import { HISTORY_HEADING } from '../graph/react-text';
import { applyMemory } from './memory/apply';
import type { ChatMessage } from './ports';
import type { ExecContext } from './scope';
import { messagesOf } from './state';

type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>;

/** One message, or an assistant message with tool calls plus the tool results that answer it. */
interface Unit {
  /** The writing node; undefined for the user, system messages and unattributed assistant turns. */
  author?: string;
  kind: 'user' | 'system' | 'assistant';
  messages: ChatMessage[];
}

function units(messages: readonly ChatMessage[]): Unit[] {
  const out: Unit[] = [];
  let open: { unit: Unit; ids: Set<string> } | undefined;
  for (const m of messages) {
    if (m.role === 'tool') {
      // A tool result belongs with the call it answers; one without it cannot be sent on its own.
      if (open?.ids.has(m.tool_call_id)) open.unit.messages.push(m);
      continue;
    }
    open = undefined;
    if (m.role === 'assistant') {
      const unit: Unit = { author: m.name, kind: 'assistant', messages: [m] };
      if (m.tool_calls?.length) open = { unit, ids: new Set(m.tool_calls.map((c) => c.id)) };
      out.push(unit);
    } else out.push({ kind: m.role, messages: [m] });
  }
  return out;
}

const isOwn = (u: Unit, self: string) => u.kind === 'assistant' && (u.author === undefined || u.author === self);

/** Another node's unit as N sees it: the author's text as a user message naming it, or nothing. */
function asOthers(u: Unit): ChatMessage[] {
  const text = (u.messages[0] as AssistantMessage).content;
  if (!text) return [];
  return [{ role: 'user', name: u.author!, content: `[${u.author}] ${text}` }];
}

function pick(all: Unit[], self: string, mode: HistoryMode): Unit[] {
  switch (mode) {
    case 'none':
      return [];
    case 'last':
      return all.slice(-1);
    case 'own':
      return all.filter((u) => u.kind !== 'assistant' || isOwn(u, self));
    default:
      return all;
  }
}

/** `messages` as node `self` sees them under `mode` (see the file comment). */
export function viewOf(messages: readonly ChatMessage[], self: string, mode: HistoryMode = 'all'): ChatMessage[] {
  return pick(units(messages), self, mode).flatMap((u) => (u.kind !== 'assistant' || isOwn(u, self) ? u.messages.map((m) => ({ ...m })) : asOthers(u)));
}

/** The node's `history` setting (default `all`). */
export function historyMode(ctx: ExecContext): HistoryMode {
  return ('history' in ctx.node && ctx.node.history) || 'all';
}

/** The conversation in node `ctx.nodeId`'s prompt: the state's messages through its `history` view, then its `memory`. */
export function historyFor(ctx: ExecContext): ChatMessage[] {
  return applyMemory(ctx, viewOf(messagesOf(ctx.state), ctx.nodeId, historyMode(ctx)));
}

function lineOf(m: ChatMessage): string {
  switch (m.role) {
    case 'assistant': {
      const calls = (m.tool_calls ?? []).map((c) => `${c.function.name}(${c.function.arguments})`);
      return `Assistant: ${[m.content ?? '', calls.length ? `[called ${calls.join(', ')}]` : ''].filter(Boolean).join(' ')}`;
    }
    case 'tool':
      return `Tool result: ${m.content}`;
    case 'system':
      return `System: ${m.content}`;
    default:
      return `User: ${m.content}`;
  }
}

/**
 * The conversation before a node's task, as text for prompts that are one user message (react's
 * {history}, planner, executor, LLM router): "Previous conversation:\n<lines>\n\n", or '' when
 * there is none. The task's own message (the last one, when it is the user's `task`) is left out.
 */
export function historyBlock(ctx: ExecContext, task: string): string {
  if (ctx.task !== undefined) return '';
  const view = historyFor(ctx);
  const last = view.at(-1);
  if (last?.role === 'user' && last.content === task) view.pop();
  if (!view.length) return '';
  return `${HISTORY_HEADING}\n${view.map(lineOf).join('\n')}\n\n`;
}
