/**
 * Conversations in the async store (db/store/ports.ts): what a node's `memory:` keeps per
 * conversation, graph and node, a conversation's earlier turns, and the assistants flow's
 * assistants, threads, messages and thread runs. Same failure rules as every
 * repository: unknown keys are `undefined`/empty, text holding a NUL character is `bad_request` on
 * writes and "no such row" on lookups.
 */
import type { ConversationMemoryRow, MemoryEntityColumn } from '../schema/memory';
import type { RunRow } from '../schema/runs';
import type { AssistantRow, ThreadMessageRow, ThreadRow, ThreadRunRow } from '../schema/threads';
import type { ChatClientTool, ChatToolRunRow } from '../schema/chat-tools';
import type { WorkspaceScope } from './ports-workspaces';
import type { ConversationRow } from '../schema/conversations';
import type { RunSource } from '@/lib/contracts/runs';

export type { ConversationMemoryRow, MemoryEntityColumn };

export interface MemoryKey {
  conversationId: string;
  graphId: string;
  node: string;
}

export interface MemoryValues {
  summary: string | null;
  summarizedTurns: number;
  entities: MemoryEntityColumn[];
  entitiesAtTurn: number;
  turns: number;
}

/** The most earlier turns a run of a conversation is given (older ones live on in memory summaries). */
export const MAX_HISTORY_TURNS = 200;

export interface MemoryRepository {
  get(key: MemoryKey): Promise<ConversationMemoryRow | undefined>;
  /** Creates or replaces the node's memory in the conversation. not_found: no such graph. */
  save(key: MemoryKey, values: MemoryValues): Promise<void>;
  /**
   * The earlier turns of a conversation on one graph, oldest first: the input and the answer of
   * each of its succeeded runs, the newest MAX_HISTORY_TURNS of them.
   */
  turns(conversationId: string, graphId: string): Promise<{ input: string; output: unknown }[]>;
}

export type { AssistantRow, ThreadMessageRow, ThreadRow, ThreadRunRow };

export interface NewThreadMessage {
  id: string;
  threadId: string;
  role: 'user' | 'assistant';
  content: string;
  assistantId?: string | null;
  runId?: string | null;
  metadata?: Record<string, string> | null;
}

export interface ThreadRunWithRun {
  link: ThreadRunRow;
  run: RunRow;
}

/**
 * The OpenAI assistants flow (seed 003): assistants naming a graph, threads of messages, and thread
 * runs (a run of the assistant's graph over the thread; its row in `runs` holds the status).
 */
export interface AssistantRepository {
  /** not_found: no such graph. */
  insert(a: Omit<AssistantRow, 'createdAt'>): Promise<AssistantRow>;
  get(id: string): Promise<AssistantRow | undefined>;
  /** The assistants of the scope's graphs, newest first. */
  list(scope: WorkspaceScope, limit?: number): Promise<AssistantRow[]>;
  delete(id: string): Promise<boolean>;
}

export interface ThreadRepository {
  /** conflict: the id is taken; not_found: no such workspace. */
  insert(t: { id: string; workspaceId: string; metadata?: Record<string, string> | null }): Promise<ThreadRow>;
  get(id: string): Promise<ThreadRow | undefined>;
  /** Deletes the thread, its messages and its run links (the runs stay); false when there was none. */
  delete(id: string): Promise<boolean>;
  /**
   * Appends a message at the end of the thread (seq one past the last, also when appends race).
   * undefined when `runId` already has its reply in a thread (at most one per run); not_found: no such thread.
   */
  appendMessage(m: NewThreadMessage): Promise<ThreadMessageRow | undefined>;
  /** In order (seq). */
  listMessages(threadId: string): Promise<ThreadMessageRow[]>;
  /** Run ids that already have their assistant reply in the thread. */
  repliedRunIds(threadId: string): Promise<Set<string>>;
  /** Links a run to the thread. not_found: no such run, thread or assistant. */
  insertRun(r: ThreadRunRow): Promise<void>;
  getRun(threadId: string, runId: string): Promise<ThreadRunWithRun | undefined>;
  /** Oldest first (by the run's creation, then id). */
  listRuns(threadId: string): Promise<ThreadRunWithRun[]>;
}

export type { ChatClientTool, ChatToolRunRow } from '../schema/chat-tools';

/**
 * The chat completions API's client tools (lib/runtime/openai/client-tools.ts): a run's caller
 * tools, kept so the resumed run offers them again, and which run handed out each client tool call.
 */
export interface ChatToolRepository {
  /** Keeps the run's caller tools (once per run). not_found: no such run. */
  saveRun(row: { runId: string; node: string; tools: Record<string, ChatClientTool>; toolChoice?: unknown }): Promise<void>;
  getRun(runId: string): Promise<ChatToolRunRow | undefined>;
  /** Remembers that `runId` handed out these tool call ids (an id handed out again: the latest run). not_found: no such run. */
  recordCalls(runId: string, ids: string[]): Promise<void>;
  /** The runs these tool call ids were handed out by (distinct). */
  runsOfCalls(ids: string[]): Promise<string[]>;
}

export type { ConversationRow } from '../schema/conversations';

export interface NewConversation {
  id: string;
  workspaceId: string;
  /** The graph it talks to (must be in `workspaceId`), or null. */
  graphId: string | null;
  title?: string | null;
  source: RunSource;
  visitorId?: string | null;
  metadata?: Record<string, string> | null;
}

export interface ConversationListOptions {
  /** Only this graph's conversations. */
  graphId?: string;
  source?: RunSource;
  visitorId?: string;
  /** At most this many (default and cap MAX_CONVERSATIONS_LISTED). */
  limit?: number;
}

export const MAX_CONVERSATIONS_LISTED = 200;

/** The most turns `turns` reads of one conversation. */
export const MAX_CONVERSATION_TURNS = 500;

/**
 * Conversations (db/schema/conversations.ts): every conversation with a graph, in one store. Its
 * items are its turns, the runs whose `conversation_id` is its id, of graphs in its workspace.
 * Deleting a conversation deletes its memory (conversation_memory rows) and detaches its runs
 * (their `conversation_id` is cleared: the runs, their traces and their cost stay in the run history).
 */
export interface ConversationRepository {
  /** conflict: the id is taken; not_found: no such workspace, or no such graph in it; bad_request: text holding a NUL. */
  create(c: NewConversation): Promise<ConversationRow>;
  get(id: string): Promise<ConversationRow | undefined>;
  /** The scope's conversations, newest update first (then id), filtered by `opts`. */
  list(scope: WorkspaceScope, opts?: ConversationListOptions): Promise<ConversationRow[]>;
  /**
   * Sets the title and/or metadata (undefined ones are left alone) and `updatedAt` (to `at`, default now);
   * with `titleIfUnset` only a conversation without a title gets it. undefined for an unknown conversation.
   */
  update(id: string, patch: { title?: string | null; titleIfUnset?: string; metadata?: Record<string, string> | null; at?: Date }): Promise<ConversationRow | undefined>;
  /** Deletes it and its memory, detaching its runs; false when there was none. */
  delete(id: string): Promise<boolean>;
  /**
   * Cuts the conversation at one of its turns (a retried or edited message): that run and every later
   * turn are detached (they stay in the run history) and its memory is deleted (rebuilt from the turns
   * left by the next run). The number of runs detached; not_found: no such conversation, or the run is not one of its turns.
   */
  truncate(id: string, fromRunId: string): Promise<number>;
  /** Its turns: the runs of its workspace's graphs with its id as `conversation_id`, oldest first (at most MAX_CONVERSATION_TURNS, the newest). [] for an unknown conversation. */
  turns(id: string): Promise<RunRow[]>;
}
