/**
 * The small repositories of the async store (db/store/ports.ts): the operator's model connections
 * and MCP servers (Settings), a graph's tests, the web_retriever's page cache, the `meta` facts and
 * first-start seeding. The same failure rules as every repository: an unknown key is
 * `undefined`/`false`/`null`, a taken name `undefined` from an insert (the caller words the 409),
 * text holding a NUL character `bad_request` on writes and "no such row" on lookups.
 */
import type { GraphDocument } from '@/lib/graph/schema';
import type { PriceTable } from '@/lib/graph/prices';
import type { ConnectionRow, ConnectionSupports } from '../schema/connections';
import type { GraphTestsRow } from '../schema/graph-tests';
import type { McpServerRow } from '../schema/mcp-servers';

export type { ConnectionRow, GraphTestsRow, McpServerRow };

export interface NewConnection {
  name: string;
  /** null/absent: instance-wide (every workspace sees it); else the one workspace that sees it. */
  workspaceId?: string | null;
  baseUrl: string;
  apiKey?: string | null;
  headers?: Record<string, string> | null;
  supports?: ConnectionSupports | null;
  prices?: PriceTable | null;
}

export interface ConnectionPatch {
  baseUrl?: string;
  /** A string replaces the key, null removes it, undefined keeps it. */
  apiKey?: string | null;
  /** Per header: a string sets it, null removes it; headers not named are kept. */
  headers?: Record<string, string | null>;
  /** Replaces what the server is known to accept; undefined keeps it. */
  supports?: ConnectionSupports;
  /** Replaces the model prices; null goes back to the shipped defaults; undefined keeps them. */
  prices?: PriceTable | null;
}

/**
 * Saved model connections. The API key and header values are sealed at rest (db/secret-box.ts);
 * rows come back opened. Plaintext secrets written before sealing existed are sealed on the first
 * use of a database.
 */
export interface ConnectionRepository {
  /** By name. */
  list(): Promise<ConnectionRow[]>;
  get(name: string): Promise<ConnectionRow | undefined>;
  /** undefined when the name is taken (also when two inserts race for it). */
  insert(c: NewConnection): Promise<ConnectionRow | undefined>;
  /** Applies the patch in one transaction; undefined for an unknown connection. */
  update(name: string, patch: ConnectionPatch): Promise<ConnectionRow | undefined>;
  delete(name: string): Promise<boolean>;
}

export interface NewMcpServer {
  name: string;
  /** null/absent: instance-wide (every workspace sees it); else the one workspace that sees it. */
  workspaceId?: string | null;
  transport: 'http' | 'sse';
  url: string;
  headers?: Record<string, string> | null;
}

export interface McpServerPatch {
  transport?: 'http' | 'sse';
  url?: string;
  /** Per header: a string sets it, null removes it; headers not named are kept. */
  headers?: Record<string, string | null>;
}

/** MCP servers saved in Settings; header values sealed at rest with the connections' key, opened when read. */
export interface McpServerRepository {
  /** By name. */
  list(): Promise<McpServerRow[]>;
  get(name: string): Promise<McpServerRow | undefined>;
  /** undefined when the name is taken. */
  insert(s: NewMcpServer): Promise<McpServerRow | undefined>;
  /** undefined for an unknown server. */
  update(name: string, patch: McpServerPatch): Promise<McpServerRow | undefined>;
  delete(name: string): Promise<boolean>;
}

/** A graph's tests: the YAML text of its test file, one row per graph, deleted with the graph. */
export interface GraphTestsRepository {
  get(graphId: string): Promise<GraphTestsRow | undefined>;
  /** Creates or replaces the graph's tests. not_found: no such graph (also when it is deleted meanwhile). */
  put(graphId: string, yaml: string): Promise<GraphTestsRow>;
}

export interface CachedPage {
  title: string;
  text: string;
  /** Epoch milliseconds. */
  fetchedAt: number;
}

export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

export const PAGE_CACHE_LIMITS: PageCacheLimits = { maxEntries: 500, maxBytes: 32 * 1024 * 1024 };

/** The web_retriever's page cache by URL, bounded by entries and bytes of text. */
export interface PageCacheRepository {
  get(url: string): Promise<CachedPage | undefined>;
  /** Stores a page, then evicts the oldest entries (by fetchedAt, then URL) past the limits; the page just stored is never evicted. */
  put(url: string, page: { title: string; text: string }, fetchedAt: number, limits?: PageCacheLimits): Promise<void>;
  count(): Promise<number>;
}

/** Small key/value facts about the database (e.g. `examples_seeded`). */
export interface MetaRepository {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}

export interface SeedResult {
  /** False when the database had been seeded before (nothing written). */
  ran: boolean;
  /** Names of the graphs written (an example whose name is already taken is left alone). */
  seeded: string[];
}

/**
 * First-start seeding: the example graphs saved once, in one transaction with the
 * `examples_seeded` flag, so an example a user deletes does not come back. Of several processes
 * starting together exactly one seeds; the others answer `ran: false`.
 */
export type SeedExamples = (docs: readonly GraphDocument[]) => Promise<SeedResult>;

export const EXAMPLES_SEEDED = 'examples_seeded';
