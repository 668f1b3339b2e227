/** Saved model connections. The API layer masks `apiKey`; it never leaves the server. */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from './client';
import { connections, type ConnectionRow } from './schema/connections';

export type { ConnectionRow } from './schema/connections';

export function listConnections(): ConnectionRow[] {
  return getDb().select().from(connections).orderBy(asc(connections.name)).all();
}

export function getConnection(name: string): ConnectionRow | undefined {
  return getDb().select().from(connections).where(eq(connections.name, name)).get();
}

/** Inserts a connection; returns undefined when the name is taken. */
export function insertConnection(c: { name: string; baseUrl: string; apiKey?: string | null; headers?: Record<string, string> | null }): ConnectionRow | undefined {
  return getDb()
    .insert(connections)
    .values({ name: c.name, baseUrl: c.baseUrl, apiKey: c.apiKey ?? null, headers: c.headers ?? null, createdAt: new Date() })
    .onConflictDoNothing()
    .returning()
    .get();
}

export function deleteConnection(name: string): boolean {
  return getDb().delete(connections).where(eq(connections.name, name)).run().changes > 0;
}

export interface ConnectionPatch {
  baseUrl?: string;
  /** A string replaces the key, null removes it, undefined keeps it. */
  apiKey?: string | null;
  /** Per header: a string sets it, null removes it; headers not named are kept. */
  headers?: Record<string, string | null>;
}

/** Applies a patch in one transaction; returns the updated row, or undefined when there is none. */
export function updateConnection(name: string, patch: ConnectionPatch): ConnectionRow | undefined {
  const db = getDb();
  return db.transaction((tx) => {
    const row = tx.select().from(connections).where(eq(connections.name, name)).get();
    if (!row) return undefined;
    const set: Partial<Pick<ConnectionRow, 'baseUrl' | 'apiKey' | 'headers'>> = {};
    if (patch.baseUrl !== undefined) set.baseUrl = patch.baseUrl;
    if (patch.apiKey !== undefined) set.apiKey = patch.apiKey;
    if (patch.headers !== undefined) {
      // A Map, so that a header named like an Object.prototype key is just a key.
      const merged = new Map(Object.entries(row.headers ?? {}));
      for (const [k, v] of Object.entries(patch.headers)) {
        if (v === null) merged.delete(k);
        else merged.set(k, v);
      }
      set.headers = merged.size ? Object.fromEntries(merged) : null;
    }
    if (!Object.keys(set).length) return row;
    return tx.update(connections).set(set).where(eq(connections.name, name)).returning().get();
  });
}
