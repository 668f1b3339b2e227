/** Where the suite runs (lib/testing/store-backends.ts: SQLite in a temporary file, a real PostgreSQL). */
export interface Backend {
  name: 'sqlite' | 'postgres';
  /** Points the process at an empty database; false when this backend cannot run here (the suite is then skipped). */
  open(): Promise<boolean>;
  /** Removes every graph, run, user, key, connection, MCP server, cached page and meta entry (cascades take versions, tests, sessions, accounts). */
  empty(): Promise<void>;
  /** The rows of one SQL statement written for both dialects (no parameters): what is stored, as the database holds it. */
  rows(sql: string): Promise<Record<string, unknown>[]>;
  /** Closes the connections and opens new ones on the same database (a restarted process). */
  reopen(): Promise<void>;
  close(): Promise<void>;
}
