/**
 * Raw better-sqlite3 statements and prepared drizzle queries for the hot paths (trace events,
 * checkpoints, run rows), prepared once per open connection: a database closed and reopened
 * (tests, shutdown) gets new ones.
 */
import 'server-only';
import type Database from 'better-sqlite3';
import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
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

/**
 * A placeholder per key, bound as given: pass the values through driverValues. (Drizzle's own
 * placeholders encode every value with its column, null too: JSON 'null' text, or a failure for a
 * null date.)
 */
export function placeholders<K extends string>(keys: readonly K[]): Record<K, SQL> {
  return Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(k)}`])) as Record<K, SQL>;
}

/** `values` (by column key of `table`) as their columns store them; null stays null. */
export function driverValues(table: Table, values: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const column = columns[k];
    if (!column) throw new Error(`no column "${k}" in the table`);
    out[k] = v == null ? null : column.mapToDriverValue(v);
  }
  return out;
}
