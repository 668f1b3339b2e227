/**
 * Saved MCP servers (Settings). Header values are sealed at rest with the key connections use
 * (db/secret-box.ts); rows read here are opened. The API layer returns header names only.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { databaseFile, getDb, type Db } from './client';
import { loadSecretKey, open, seal } from './secret-box';
import { mcpServers, type McpServerRow } from './schema/mcp-servers';
import type { McpServerPatch, NewMcpServer } from './store/ports-settings';
import { checkStorableJson, unmatchable } from './store/storable';

export type { McpServerRow } from './schema/mcp-servers';
export type { McpServerPatch, NewMcpServer } from './store/ports-settings';

const keys = new WeakMap<Db, Buffer>();

function secretKey(): Buffer {
  const db = getDb();
  let key = keys.get(db);
  if (!key) {
    key = loadSecretKey(databaseFile());
    keys.set(db, key);
  }
  return key;
}

const mapHeaders = (h: Record<string, string> | null, fn: (v: string) => string) => (h === null ? null : Object.fromEntries(Object.entries(h).map(([k, v]) => [k, fn(v)])));
const opened = (row: McpServerRow): McpServerRow => {
  const key = secretKey();
  return { ...row, headers: mapHeaders(row.headers, (v) => open(v, key)) };
};

export function listMcpServers(): McpServerRow[] {
  return getDb().select().from(mcpServers).orderBy(asc(mcpServers.name)).all().map(opened);
}

export function getMcpServer(name: string): McpServerRow | undefined {
  if (unmatchable(name)) return undefined;
  const row = getDb().select().from(mcpServers).where(eq(mcpServers.name, name)).get();
  return row && opened(row);
}

/** Inserts a server; undefined when the name is taken. */
export function insertMcpServer(s: NewMcpServer): McpServerRow | undefined {
  checkStorableJson('the MCP server', s);
  const key = secretKey();
  const now = new Date();
  const row = getDb()
    .insert(mcpServers)
    .values({ name: s.name, workspaceId: s.workspaceId ?? null, transport: s.transport, url: s.url, headers: mapHeaders(s.headers ?? null, (v) => seal(v, key)), createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning()
    .get();
  return row && opened(row);
}

export function updateMcpServer(name: string, patch: McpServerPatch): McpServerRow | undefined {
  if (unmatchable(name)) return undefined;
  checkStorableJson('the MCP server', patch);
  const key = secretKey();
  const updated = getDb().transaction((tx) => {
    const stored = tx.select().from(mcpServers).where(eq(mcpServers.name, name)).get();
    if (!stored) return undefined;
    const set: Partial<Pick<McpServerRow, 'transport' | 'url' | 'headers' | 'updatedAt'>> = { updatedAt: new Date() };
    if (patch.transport !== undefined) set.transport = patch.transport;
    if (patch.url !== undefined) set.url = patch.url;
    if (patch.headers !== undefined) {
      const merged = new Map(Object.entries(stored.headers ?? {}));
      for (const [k, v] of Object.entries(patch.headers)) {
        if (v === null) merged.delete(k);
        else merged.set(k, seal(v, key));
      }
      set.headers = merged.size ? Object.fromEntries(merged) : null;
    }
    return tx.update(mcpServers).set(set).where(eq(mcpServers.name, name)).returning().get();
  });
  return updated && opened(updated);
}

export function deleteMcpServer(name: string): boolean {
  if (unmatchable(name)) return false;
  return getDb().delete(mcpServers).where(eq(mcpServers.name, name)).run().changes > 0;
}
