import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableConfig as pgConfig } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as sqliteSchema from '../schema';
import * as pgModule from './index';

const sqliteTables = Object.entries(sqliteSchema).filter(([, v]) => {
  try {
    return sqliteConfig(v as SQLiteTable).name !== undefined;
  } catch {
    return false;
  }
}) as [string, SQLiteTable][];

const columnsOf = (cols: { name: string }[]) => cols.map((c) => c.name).sort();

interface Snapshot {
  tables: Record<string, { columns: Record<string, unknown>; indexes: Record<string, unknown> }>;
}
/** The latest drizzle-kit snapshot of db/migrations-pg: what the committed migrations create. */
function latestSnapshot(): Snapshot {
  const dir = path.join(process.cwd(), 'db', 'migrations-pg', 'meta');
  const journal = JSON.parse(readFileSync(path.join(dir, '_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const last = journal.entries.at(-1)!.idx;
  return JSON.parse(readFileSync(path.join(dir, `${String(last).padStart(4, '0')}_snapshot.json`), 'utf8')) as Snapshot;
}

describe('the Postgres schema (derived from db/schema)', () => {
  it('has every SQLite table, under the same export name (drizzle-kit reads the named exports), with the same columns and indexes', () => {
    const named = pgModule as unknown as Record<string, unknown>;
    for (const [exportName, table] of sqliteTables) {
      const s = sqliteConfig(table);
      const pgTable = pgModule.pgSchema[exportName];
      expect(named[exportName], `export ${exportName}`).toBe(pgTable);
      const p = pgConfig(pgTable!);
      expect(p.name).toBe(s.name);
      expect(columnsOf(p.columns)).toEqual(columnsOf(s.columns));
      expect(p.indexes.map((i) => i.config.name).sort()).toEqual(s.indexes.map((i) => i.config.name).sort());
      expect(p.foreignKeys.length).toBe(s.foreignKeys.length);
    }
  });

  it('is what the committed Postgres migrations create (after a schema change: npm run db:generate)', () => {
    const snapshot = latestSnapshot();
    for (const [, table] of sqliteTables) {
      const s = sqliteConfig(table);
      const stored = snapshot.tables[`public.${s.name}`];
      expect(stored, `table ${s.name} in db/migrations-pg`).toBeDefined();
      expect(Object.keys(stored!.columns).sort(), `columns of ${s.name}`).toEqual(columnsOf(s.columns));
      expect(Object.keys(stored!.indexes).sort(), `indexes of ${s.name}`).toEqual(s.indexes.map((i) => i.config.name).sort());
    }
    expect(Object.keys(snapshot.tables).length).toBe(sqliteTables.length);
  });
});
