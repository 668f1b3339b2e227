/** db/pg-client.ts against a real PostgreSQL: SQLite's client behaviour the store relies on, and a lost connection. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '@/lib/testing/on-postgres';

const server = await onPostgres({ ownCluster: true }); // restart() below: a cluster of its own

describe.skipIf(!server)('the Postgres client', async () => {
  const { getDb, isPostgres } = await import('./client');
  const { getMeta, setMeta } = await import('./meta');
  const { inTransaction } = await import('./runs');
  const { meta } = await import('./schema');

  it('is the store with DATABASE_URL=postgres://…, migrated', () => {
    expect(isPostgres()).toBe(true);
    expect(getDb().get<{ n: number }>(sql`select count(*) as n from pg_tables where schemaname = 'public' and tablename = 'run_events'`)!.n).toBe(1);
  });

  it('rolls a failed transaction back, nested ones to their savepoint, and reports constraint errors with SQLite codes', () => {
    expect(() =>
      inTransaction(() => {
        setMeta('a', '1');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(getMeta('a')).toBeNull();
    inTransaction(() => {
      setMeta('b', '1');
      expect(() =>
        getDb().transaction((tx) => {
          setMeta('c', '1', tx);
          tx.insert(meta).values({ key: 'b', value: 'again' }).run();
        }),
      ).toThrow(expect.objectContaining({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' }));
    });
    expect(getMeta('b')).toBe('1');
    expect(getMeta('c')).toBeNull();
  });

  it('reconnects after the server restarted; a transaction cut by it fails instead of committing half', () => {
    setMeta('before', 'x');
    server!.restart();
    expect(getMeta('before')).toBe('x'); // the next statement reconnected
    expect(() =>
      inTransaction(() => {
        setMeta('half', 'x');
        server!.restart();
        setMeta('other', 'x');
      }),
    ).toThrow();
    expect(getMeta('half')).toBeNull();
    expect(getMeta('other')).toBeNull();
  });
});
