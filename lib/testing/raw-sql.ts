/**
 * A statement written as SQL, for tests that reach below the store (count rows, delete a row behind
 * its back, plant an old document), on whichever database the test file runs: better-sqlite3 on
 * SQLite, the Pool on Postgres. `?` placeholders (numbered for Postgres; statements hold no literal `?`).
 */
import { getDb, getPgPool, isPostgres } from '@/db/client';

export async function rawSql(query: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (isPostgres()) {
    let n = 0;
    return (await (await getPgPool()).query(query.replace(/\?/g, () => `$${++n}`), params)).rows as Record<string, unknown>[];
  }
  const stmt = getDb().$client.prepare(query);
  if (!stmt.reader) {
    stmt.run(...params);
    return [];
  }
  return stmt.all(...params) as Record<string, unknown>[];
}

/** `select count(*) as n from …`'s n as a number (Postgres answers a count as text). */
export async function rawCount(query: string, params: unknown[] = []): Promise<number> {
  return Number((await rawSql(query, params))[0]?.n ?? 0);
}
