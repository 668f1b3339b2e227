/**
 * The operator's model connections and MCP servers on Postgres, natively: the contract of
 * db/store/ports-settings.ts as db/connections.ts and db/mcp-servers.ts keep it on SQLite. Secrets
 * (a connection's API key and header values, an MCP server's header values) are sealed with the
 * database's key (db/secret-box.ts) before they are written and opened when read. The first use of
 * a Pool seals any plaintext connection secrets left from before sealing, under a row lock, so
 * processes starting together do it once.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { databaseFile } from '../../client';
import { isSealed, loadSecretKey, mapSecrets, open, seal } from '../../secret-box';
import { connections, mcpServers } from '../../schema-pg';
import { checkStorableJson, unmatchable } from '../storable';
import type { ConnectionRepository, ConnectionRow, McpServerRepository, McpServerRow } from '../ports';
import { pgDb, type PgConn, type PgDb } from './db';

const keys = new WeakMap<PgDb, Promise<Buffer>>();

async function sealPlaintext(db: PgDb, key: Buffer): Promise<Buffer> {
  await db.transaction(async (tx) => {
    for (const row of (await tx.select().from(connections).for('update')) as ConnectionRow[]) {
      const plain = (row.apiKey !== null && !isSealed(row.apiKey)) || Object.values(row.headers ?? {}).some((v) => !isSealed(v));
      if (!plain) continue;
      const sealed = mapSecrets(row, (v) => (isSealed(v) ? v : seal(v, key)));
      await tx.update(connections).set({ apiKey: sealed.apiKey, headers: sealed.headers }).where(eq(connections.name, row.name));
    }
  });
  return key;
}

/** The database's secret key (SWITCHYARD_SECRET_KEY, else the key file); the first call per Pool seals plaintext connection secrets. */
async function secretKey(db: PgDb): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = sealPlaintext(db, loadSecretKey(databaseFile()));
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

/** The database and its secret key. */
async function opened(): Promise<{ db: PgDb; key: Buffer }> {
  const db = await pgDb();
  return { db, key: await secretKey(db) };
}

const openConnection = (row: ConnectionRow, key: Buffer): ConnectionRow => mapSecrets(row, (v) => open(v, key));

const mapHeaders = (h: Record<string, string> | null, fn: (v: string) => string) => (h === null ? null : Object.fromEntries(Object.entries(h).map(([k, v]) => [k, fn(v)])));
const openServer = (row: McpServerRow, key: Buffer): McpServerRow => ({ ...row, headers: mapHeaders(row.headers, (v) => open(v, key)) });

/** `patch` applied to `headers` (a string sets a header, null removes it; a Map, so a header named like an Object.prototype key is just a key). */
function mergeHeaders(headers: Record<string, string> | null, patch: Record<string, string | null>, sealValue: (v: string) => string): Record<string, string> | null {
  const merged = new Map(Object.entries(headers ?? {}));
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) merged.delete(k);
    else merged.set(k, sealValue(v));
  }
  return merged.size ? Object.fromEntries(merged) : null;
}

async function lockedConnection(tx: PgConn, name: string): Promise<ConnectionRow | undefined> {
  const [row] = await tx.select().from(connections).where(eq(connections.name, name)).for('update');
  return row as ConnectionRow | undefined;
}

export const pgConnections: ConnectionRepository = {
  async list() {
    const { db, key } = await opened();
    const rows = (await db.select().from(connections).orderBy(asc(connections.name))) as ConnectionRow[];
    return rows.map((r) => openConnection(r, key));
  },
  async get(name) {
    if (unmatchable(name)) return undefined;
    const { db, key } = await opened();
    const [row] = (await db.select().from(connections).where(eq(connections.name, name))) as ConnectionRow[];
    return row && openConnection(row, key);
  },
  async insert(c) {
    checkStorableJson('the connection', c);
    const { db, key } = await opened();
    const sealed = mapSecrets({ apiKey: c.apiKey ?? null, headers: c.headers ?? null }, (v) => seal(v, key));
    const [row] = (await db
      .insert(connections)
      .values({ name: c.name, workspaceId: c.workspaceId ?? null, baseUrl: c.baseUrl, ...sealed, supports: c.supports ?? null, prices: c.prices ?? null, createdAt: new Date() })
      .onConflictDoNothing()
      .returning()) as ConnectionRow[];
    return row && openConnection(row, key);
  },
  async update(name, patch) {
    if (unmatchable(name)) return undefined;
    checkStorableJson('the connection', patch);
    const { db, key } = await opened();
    const row = await db.transaction(async (tx) => {
      const stored = await lockedConnection(tx, name);
      if (!stored) return undefined;
      const set: Partial<Pick<ConnectionRow, 'baseUrl' | 'apiKey' | 'headers' | 'supports' | 'prices'>> = {};
      if (patch.baseUrl !== undefined) set.baseUrl = patch.baseUrl;
      if (patch.apiKey !== undefined) set.apiKey = patch.apiKey === null ? null : seal(patch.apiKey, key);
      if (patch.supports !== undefined) set.supports = patch.supports;
      if (patch.prices !== undefined) set.prices = patch.prices;
      if (patch.headers !== undefined) set.headers = mergeHeaders(stored.headers, patch.headers, (v) => seal(v, key));
      if (!Object.keys(set).length) return stored;
      const [updated] = await tx.update(connections).set(set).where(eq(connections.name, name)).returning();
      return updated as ConnectionRow;
    });
    return row && openConnection(row, key);
  },
  async delete(name) {
    if (unmatchable(name)) return false;
    const db = await pgDb();
    return (await db.delete(connections).where(eq(connections.name, name)).returning({ name: connections.name })).length > 0;
  },
};

export const pgMcpServers: McpServerRepository = {
  async list() {
    const { db, key } = await opened();
    const rows = (await db.select().from(mcpServers).orderBy(asc(mcpServers.name))) as McpServerRow[];
    return rows.map((r) => openServer(r, key));
  },
  async get(name) {
    if (unmatchable(name)) return undefined;
    const { db, key } = await opened();
    const [row] = (await db.select().from(mcpServers).where(eq(mcpServers.name, name))) as McpServerRow[];
    return row && openServer(row, key);
  },
  async insert(s) {
    checkStorableJson('the MCP server', s);
    const { db, key } = await opened();
    const now = new Date();
    const [row] = (await db
      .insert(mcpServers)
      .values({ name: s.name, workspaceId: s.workspaceId ?? null, transport: s.transport, url: s.url, headers: mapHeaders(s.headers ?? null, (v) => seal(v, key)), createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning()) as McpServerRow[];
    return row && openServer(row, key);
  },
  async update(name, patch) {
    if (unmatchable(name)) return undefined;
    checkStorableJson('the MCP server', patch);
    const { db, key } = await opened();
    const row = await db.transaction(async (tx) => {
      const [stored] = (await tx.select().from(mcpServers).where(eq(mcpServers.name, name)).for('update')) as McpServerRow[];
      if (!stored) return undefined;
      const set: Partial<Pick<McpServerRow, 'transport' | 'url' | 'headers' | 'updatedAt'>> = { updatedAt: new Date() };
      if (patch.transport !== undefined) set.transport = patch.transport;
      if (patch.url !== undefined) set.url = patch.url;
      if (patch.headers !== undefined) set.headers = mergeHeaders(stored.headers, patch.headers, (v) => seal(v, key));
      const [updated] = await tx.update(mcpServers).set(set).where(eq(mcpServers.name, name)).returning();
      return updated as McpServerRow;
    });
    return row && openServer(row, key);
  },
  async delete(name) {
    if (unmatchable(name)) return false;
    const db = await pgDb();
    return (await db.delete(mcpServers).where(eq(mcpServers.name, name)).returning({ name: mcpServers.name })).length > 0;
  },
};
