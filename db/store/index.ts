/**
 * The async store of the process: native Postgres when DATABASE_URL is a postgres:// URL, else the
 * embedded SQLite store (the same choice as db/client.ts). Repositories: db/store/ports.ts.
 */
import 'server-only';
import { isPostgres } from '../client';
import { postgresStore } from './pg';
import type { Store } from './ports';
import { sqliteStore } from './sqlite';

export type * from './ports';
export { DEFAULT_WORKSPACE_ID, personalWorkspaceId } from './ports';

let sqlite: Store | undefined;
let postgres: Store | undefined;

/** Chosen per call as db/client.ts chooses (tests switch DATABASE_URL between files); both stores are stateless objects over the cached connections. */
export function getStore(): Store {
  if (isPostgres()) return (postgres ??= postgresStore());
  return (sqlite ??= sqliteStore());
}
