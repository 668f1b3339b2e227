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
