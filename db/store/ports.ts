/**
 * The async store (issue 20, item 3): one interface per repository, two implementations chosen by
 * DATABASE_URL (db/store/index.ts): better-sqlite3, the embedded default (db/store/sqlite.ts: async
 * functions over the synchronous driver), and native Postgres through drizzle's node-postgres driver
 * on a `pg` Pool with Postgres' own SQL (db/store/pg/*). One conformance suite
 * (db/store/conformance) holds both to the contracts written here.
 *
 * Everything the app stores: graphs, graph versions, users and API keys; the small repositories of
 * db/store/ports-settings.ts (connections, MCP servers, graph tests, the page cache, `meta`,
 * seeding); conversation memory, the assistants flow and the chat completions API's client tools
 * (db/store/ports-conversations.ts); better-auth's sessions (db/store/auth-database.ts); and the
 * run path (db/store/run-ports.ts: runs, events, checkpoints, the call journal and the step
 * commit). On Postgres this is the only way to the database (db/client.ts getDb() is SQLite's).
 *
 * Failures every implementation reports the same way: an unknown id is `null`/`undefined`/`false`
 * from a lookup and `not_found` from a write that needs it; a taken unique value (graph name, user
 * email) is `conflict`, also when two writers race for it; text a database cannot hold (a NUL
 * character) is `bad_request` on writes and "no such row" on lookups.
 */
import type { Role } from '@/lib/contracts/auth';
import type { GraphDocument } from '@/lib/graph/schema';
import type { Problem } from '@/lib/graph/problems';
import type { GraphRow, GraphVersionRow } from '../schema/graphs';
import type { ApiKeyRow, UserRow } from '../schema/auth';
import type { SignInThrottleRepository } from './ports-auth';
import type { AssistantRepository, ChatToolRepository, ConversationRepository, MemoryRepository, ThreadRepository } from './ports-conversations';
import type { ConversationItemRepository, ResponseRepository } from './ports-responses';
import type { ConnectionRepository, GraphTestsRepository, McpServerRepository, MetaRepository, PageCacheRepository, SeedExamples } from './ports-settings';
import type { WorkspaceRepository, WorkspaceScope } from './ports-workspaces';
import type { KnowledgeRepository } from './ports-knowledge';
import type { PublicationRepository, ShareRepository } from './ports-publishing';

export type * from './ports-settings';
export type * from './ports-conversations';
export type * from './ports-responses';
export type * from './ports-workspaces';
export { DEFAULT_WORKSPACE_ID, personalWorkspaceId } from './ports-workspaces';
export type * from './ports-auth';
export type * from './ports-knowledge';
export { MAX_CHUNKS_PER_BASE } from './ports-knowledge';
export type * from './ports-publishing';

import type { CheckpointRepository, JournalRepository, RunEventRepository, RunRepository, StepCommitter } from './run-ports';

export type { ApiKeyRow, GraphRow, GraphVersionRow, UserRow };
export type * from './run-ports';

export interface GraphSummary {
  id: string;
  workspaceId: string;
  name: string;
  description: string | null;
  /** Number of nodes (roles) in the graph, START and END not counted. */
  roles: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface GraphVersionSummary {
  version: number;
  createdAt: Date;
  note: string | null;
  auto: boolean;
  updatedAt: Date | null;
  document: GraphDocument;
}

/** What a save did: nothing changed, the layout of the current version, the current autosaved version replaced, or a new version. */
export type SaveOutcome = 'unchanged' | 'layout' | 'coalesced' | 'version';

export interface ImportResult {
  graph: GraphRow;
  /** False when an existing graph of the same name was overwritten (a version appended). */
  created: boolean;
}

/**
 * Saved graphs. Every save that changes the logic appends a graph_versions row in the same
 * transaction; concurrent saves of one graph get consecutive version numbers (none is lost).
 * Documents passed in must already be validated: this layer stores, it does not judge.
 * Names are unique within a workspace. Reads by name and lists name their workspaces; `get` and the
 * writes by id are the caller's to guard (the row carries its workspaceId: lib/server/workspace-access.ts).
 */
export interface GraphRepository {
  /** The scope's graphs, newest update first, then by name. */
  list(scope: WorkspaceScope): Promise<GraphSummary[]>;
  get(id: string): Promise<GraphRow | null>;
  getByName(name: string, workspaceId: string): Promise<GraphRow | null>;
  /** By id, then by name, within the workspace (the OpenAI-compatible API's `model` may be either). */
  find(idOrName: string, workspaceId: string): Promise<GraphRow | null>;
  /** A new graph with version 1 in the workspace. conflict: the name is taken there; not_found: no such workspace. */
  create(doc: GraphDocument, workspaceId: string): Promise<GraphRow>;
  /** Replaces the document, appending a version. not_found; conflict when renamed onto another graph. */
  update(id: string, doc: GraphDocument): Promise<GraphRow>;
  /**
   * Saves an edit and clears the draft: unchanged, layout-only (current version updated in place),
   * with `autosave` a logic change within COALESCE_MS of an unused autosaved version (replaced),
   * otherwise a new version. not_found; conflict on a taken name.
   */
  saveEdit(id: string, doc: GraphDocument, opts?: { autosave?: boolean; at?: Date }): Promise<{ graph: GraphRow; outcome: SaveOutcome }>;
  /** Keeps an edit that does not validate as the working draft. not_found. */
  saveDraft(id: string, document: Record<string, unknown>, problems: Problem[], at?: Date): Promise<GraphRow>;
  /** Appends a version holding `doc` (default: the current document) with the author's note. not_found. */
  saveNamedVersion(id: string, note: string, doc?: GraphDocument): Promise<GraphRow>;
  /** Deletes a graph and (cascade) its versions; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** New graph in the workspace; with `overwrite` a version of its graph of that name; with `asCopy` under the next free name. conflict (details: { id }) otherwise. */
  import(doc: GraphDocument, workspaceId: string, opts?: { overwrite?: boolean; asCopy?: boolean }): Promise<ImportResult>;
  /** `base` if free in the workspace, else `base-2`, `base-3`, … (within the 80-character name limit). */
  uniqueName(base: string, workspaceId: string): Promise<string>;
  /** Moves the graph (its versions, runs, tests and memory follow it) to another workspace. not_found: no such graph or workspace; conflict: the name is taken there. */
  move(id: string, workspaceId: string): Promise<GraphRow>;
}

export interface GraphVersionRepository {
  /** Newest first; null for an unknown graph. */
  list(graphId: string): Promise<GraphVersionSummary[] | null>;
  /** null for an unknown graph or version (a version that is not a positive integer is unknown). */
  get(graphId: string, version: number): Promise<GraphVersionRow | null>;
}

export interface NewUser {
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
}

/** Users and their email/password accounts (sessions are better-auth's). */
export interface UserRepository {
  count(): Promise<number>;
  /** Oldest first, then by email. */
  list(): Promise<UserRow[]>;
  get(id: string): Promise<UserRow | undefined>;
  /**
   * A user with a `credential` account and a personal workspace (their default; the first user, with
   * `onlyIfNone`, is also an admin of the Default workspace, made their default). conflict: the email is taken, or `onlyIfNone` and a user exists (checked in the insert's transaction). */
  create(input: NewUser, opts?: { onlyIfNone?: boolean }): Promise<UserRow>;
  /** undefined for an unknown user; conflict when it would leave no admin. */
  setRole(id: string, role: Role): Promise<UserRow | undefined>;
  /** Deletes the user, their sessions, accounts and keys; false for an unknown user; conflict for the last admin. */
  delete(id: string): Promise<boolean>;
}

/** Personal API keys, stored as SHA-256 hashes only (the caller hashes). */
export interface ApiKeyRepository {
  /**
   * Stores a new key acting in one workspace (not_found: no such workspace); with `maxKeys`, atomically
   * refuses (conflict) when the user has that many keys already (concurrent creations queue on the
   * user's row: the cap holds under a burst).
   */
  insert(input: { userId: string; workspaceId: string; name: string; prefix: string; keyHash: string; maxCostUsd?: number | null }, opts?: { maxKeys?: number }): Promise<ApiKeyRow>;
  /** The user's keys (in every workspace), newest first. */
  list(userId: string): Promise<ApiKeyRow[]>;
  get(id: string): Promise<ApiKeyRow | undefined>;
  /** Sets (null: removes) the monthly budget of one of the user's keys; undefined when they have no such key. */
  setBudget(userId: string, id: string, maxCostUsd: number | null): Promise<ApiKeyRow | undefined>;
  /** USD of the runs started with the key since `since` (runs without a cost count 0), leaving out run `exceptRun`. */
  spend(keyId: string, since: Date, exceptRun?: string): Promise<number>;
  /** Revokes one of the user's keys; false when they have no such key. */
  delete(userId: string, id: string): Promise<boolean>;
  /** The key with this hash and its user, marking the key used; undefined when none. */
  findByHash(keyHash: string): Promise<{ key: ApiKeyRow; user: UserRow } | undefined>;
}

export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  readonly graphs: GraphRepository;
  readonly versions: GraphVersionRepository;
  readonly users: UserRepository;
  readonly workspaces: WorkspaceRepository;
  readonly apiKeys: ApiKeyRepository;
  /** Failed sign-ins per address and account (the back-off of lib/server/sign-in-throttle.ts). */
  readonly signInThrottle: SignInThrottleRepository;
  readonly runs: RunRepository;
  readonly events: RunEventRepository;
  readonly checkpoints: CheckpointRepository;
  readonly journal: JournalRepository;
  /** A step's events, run-row changes, journal rows and checkpoint in one transaction, commits of a run in order. */
  readonly steps: StepCommitter;
  readonly connections: ConnectionRepository;
  readonly mcpServers: McpServerRepository;
  readonly graphTests: GraphTestsRepository;
  readonly pageCache: PageCacheRepository;
  readonly meta: MetaRepository;
  readonly seedExamples: SeedExamples;
  readonly memory: MemoryRepository;
  readonly assistants: AssistantRepository;
  readonly threads: ThreadRepository;
  readonly chatTools: ChatToolRepository;
  /** The Responses API's stored responses (lib/runtime/openai/responses.ts). */
  readonly responses: ResponseRepository;
  /** Items kept for /v1 conversations beside their runs (lib/runtime/openai/conversations.ts). */
  readonly conversationItems: ConversationItemRepository;
  /** Every conversation with a graph (the editor's chat, public chats, /v1 conversations): db/store/ports-conversations.ts. */
  readonly conversations: ConversationRepository;
  /** Knowledge bases, their documents and chunks, keyword and vector search (issue 23). */
  readonly knowledge: KnowledgeRepository;
  /** The version outside callers run (db/store/ports-publishing.ts). */
  readonly publications: PublicationRepository;
  /** Public chat settings per graph (db/store/ports-publishing.ts). */
  readonly shares: ShareRepository;
}
