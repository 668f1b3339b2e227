/** Small key/value facts about the database (e.g. `examples_seeded`). */
import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from './client';
import type { Conn } from './graphs';
import { meta } from './schema';
import { checkStorableJson, unmatchable } from './store/storable';

export function getMeta(key: string, conn: Conn = getDb()): string | null {
  if (unmatchable(key)) return null;
  return conn.select({ value: meta.value }).from(meta).where(eq(meta.key, key)).get()?.value ?? null;
}

export function setMeta(key: string, value: string, conn: Conn = getDb()): void {
  checkStorableJson('the meta entry', { key, value });
  conn.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
}
