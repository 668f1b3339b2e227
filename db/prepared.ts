/**
 * Raw better-sqlite3 statements for the hot paths (trace events, checkpoints), prepared once per
 * open connection: a database closed and reopened (tests, shutdown) gets new ones.
 */
import 'server-only';
import type Database from 'better-sqlite3';
import { getDb } from './client';

const cache = new WeakMap<Database.Database, Map<string, unknown>>();

/** The value `build` made for the open connection under `name` (built on first use). */
export function prepared<T>(name: string, build: (client: Database.Database) => T): T {
  const client = getDb().$client;
  let held = cache.get(client);
  if (!held) {
    held = new Map();
    cache.set(client, held);
  }
  if (!held.has(name)) held.set(name, build(client));
  return held.get(name) as T;
}
