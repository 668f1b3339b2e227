/**
 * Saved model connections. The API layer masks `apiKey`; it never leaves the server. At rest the
 * API key and header values are encrypted (db/secret-box.ts); rows read here are decrypted, and
 * plaintext rows written before encryption are sealed on first use of a database.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { databaseFile, getDb, type Db } from './client';
import { prepared } from './prepared';
import { isSealed, loadSecretKey, mapSecrets, open, seal } from './secret-box';
import { connections, type ConnectionRow } from './schema/connections';
import type { ConnectionPatch, NewConnection } from './store/ports-settings';
import { checkStorableJson, unmatchable } from './store/storable';

const keys = new WeakMap<Db, Buffer>();

/** The secret key of the open SQLite database; the first call per database seals any plaintext secrets (on Postgres: db/store/pg/settings.ts). */
function secretKey(): Buffer {
  const db = getDb();
  let key = keys.get(db);
  if (key) return key;
  key = loadSecretKey(databaseFile());
  keys.set(db, key);
  const k = key;
  db.transaction((tx) => {
    for (const row of tx.select().from(connections).all()) {
      const plain = (row.apiKey !== null && !isSealed(row.apiKey)) || Object.values(row.headers ?? {}).some((v) => !isSealed(v));
      if (!plain) continue;
      const sealed = mapSecrets(row, (v) => (isSealed(v) ? v : seal(v, k)));
      tx.update(connections).set({ apiKey: sealed.apiKey, headers: sealed.headers }).where(eq(connections.name, row.name)).run();
    }
  });
  return key;
}

const opened = (row: ConnectionRow): ConnectionRow => {
  const key = secretKey();
  return mapSecrets(row, (v) => open(v, key));
};
const sealSecret = (v: string | null | undefined): string | null => (v == null ? null : seal(v, secretKey()));

export type { ConnectionRow } from './schema/connections';
export type { ConnectionPatch, NewConnection } from './store/ports-settings';

/** Read at every run start (its prices), so prepared once per connection. */
const allConnections = () => prepared('connections_all', () => getDb().select().from(connections).orderBy(asc(connections.name)).prepare());

export function listConnections(): ConnectionRow[] {
  return allConnections().all().map(opened);
}

export function getConnection(name: string): ConnectionRow | undefined {
  if (unmatchable(name)) return undefined;
  const row = getDb().select().from(connections).where(eq(connections.name, name)).get();
  return row && opened(row);
}

/** Inserts a connection; returns undefined when the name is taken. */
export function insertConnection(c: NewConnection): ConnectionRow | undefined {
  checkStorableJson('the connection', c);
  const sealed = mapSecrets({ apiKey: c.apiKey ?? null, headers: c.headers ?? null }, (v) => sealSecret(v)!);
  const row = getDb()
    .insert(connections)
    .values({ name: c.name, workspaceId: c.workspaceId ?? null, baseUrl: c.baseUrl, ...sealed, supports: c.supports ?? null, prices: c.prices ?? null, createdAt: new Date() })
    .onConflictDoNothing()
    .returning()
    .get();
  return row && opened(row);
}

export function deleteConnection(name: string): boolean {
  if (unmatchable(name)) return false;
  return getDb().delete(connections).where(eq(connections.name, name)).run().changes > 0;
}

/** Applies a patch in one transaction; returns the updated row, or undefined when there is none. */
export function updateConnection(name: string, patch: ConnectionPatch): ConnectionRow | undefined {
  if (unmatchable(name)) return undefined;
  checkStorableJson('the connection', patch);
  const db = getDb();
  const key = secretKey();
  const updated = db.transaction((tx) => {
    const stored = tx.select().from(connections).where(eq(connections.name, name)).get();
    if (!stored) return undefined;
    const row = mapSecrets(stored, (v) => open(v, key));
    const set: Partial<Pick<ConnectionRow, 'baseUrl' | 'apiKey' | 'headers' | 'supports' | 'prices'>> = {};
    if (patch.baseUrl !== undefined) set.baseUrl = patch.baseUrl;
    if (patch.apiKey !== undefined) set.apiKey = patch.apiKey;
    if (patch.supports !== undefined) set.supports = patch.supports;
    if (patch.prices !== undefined) set.prices = patch.prices;
    if (patch.headers !== undefined) {
      // A Map, so that a header named like an Object.prototype key is just a key.
      const merged = new Map(Object.entries(row.headers ?? {}));
      for (const [k, v] of Object.entries(patch.headers)) {
        if (v === null) merged.delete(k);
        else merged.set(k, v);
      }
      set.headers = merged.size ? Object.fromEntries(merged) : null;
    }
    if (!Object.keys(set).length) return stored;
    if (set.apiKey) set.apiKey = seal(set.apiKey, key);
    if (set.headers) set.headers = Object.fromEntries(Object.entries(set.headers).map(([k, v]) => [k, seal(v, key)]));
    return tx.update(connections).set(set).where(eq(connections.name, name)).returning().get();
  });
  return updated && opened(updated);
}
