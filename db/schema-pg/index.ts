/**
 * The Postgres schema, derived from the SQLite one (db/schema: the one home of the column lists) so
 * that drizzle-kit can generate Postgres migrations (drizzle.pg.config.ts → db/migrations-pg), and
 * so that the native Postgres store (db/store/pg) queries with Postgres' own SQL.
 * Every column keeps its SQLite storage (it was first written through SQLite's schema, and one
 * column list serves both): integers (timestamps in ms, booleans as 0/1)
 * become bigint, text (JSON included) stays text, real becomes double precision; keys, references,
 * indexes and defaults are carried over. In TypeScript a column reads and writes what the SQLite
 * column does (a Date for a timestamp, a boolean, the parsed JSON), so rows of both stores have the
 * same types (db/schema's row types).
 */
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { bigint, customType, doublePrecision, foreignKey, index, pgTable, primaryKey, text, unique, uniqueIndex, type PgColumn, type PgColumnBuilderBase, type PgTableWithColumns } from 'drizzle-orm/pg-core';
import { is, SQL, sql } from 'drizzle-orm';
import * as sqliteSchema from '../schema';

const PG_NOW_MS = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

type AnyPgTable = PgTableWithColumns<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function defaultOf(col: SQLiteColumn): unknown {
  const d = col.default;
  if (is(d, SQL)) {
    const text = d.queryChunks.map((c) => (typeof c === 'object' && c && 'value' in c ? (c.value as string[]).join('') : '')).join('');
    if (text.includes('unixepoch')) return PG_NOW_MS;
    return sql.raw(text);
  }
  const mode = (col as unknown as { mode?: string }).mode;
  if (typeof d === 'boolean') return d ? 1 : 0;
  if (d instanceof Date) return d.getTime();
  if (mode === 'json' && d !== undefined) return JSON.stringify(d);
  return d;
}

/** node-postgres answers bigint as a string (it may exceed 2^53); the store's are epoch ms and 0/1. */
const msTimestamp = customType<{ data: Date; driverData: string | number }>({
  dataType: () => 'bigint',
  toDriver: (d) => d.getTime(),
  fromDriver: (v) => new Date(Number(v)),
});
const intBoolean = customType<{ data: boolean; driverData: string | number }>({
  dataType: () => 'bigint',
  toDriver: (b) => (b ? 1 : 0),
  fromDriver: (v) => Number(v) !== 0,
});
/** A SQLite blob (Buffer) is a bytea (knowledge_chunks.vector: little-endian float32). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});
const jsonText = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'text',
  toDriver: (v) => JSON.stringify(v),
  fromDriver: (v) => JSON.parse(v),
});

function columnOf(col: SQLiteColumn): PgColumnBuilderBase {
  let b;
  const mode = (col as unknown as { mode?: string }).mode;
  switch (col.columnType) {
    case 'SQLiteTimestamp':
      if (mode !== 'timestamp_ms') throw new Error(`schema-pg: timestamp mode ${mode} of ${col.name} (only timestamp_ms is stored)`);
      b = msTimestamp(col.name);
      break;
    case 'SQLiteBoolean':
      b = intBoolean(col.name);
      break;
    case 'SQLiteInteger':
    case 'SQLiteBigInt':
      b = bigint(col.name, { mode: 'number' });
      break;
    case 'SQLiteReal':
      b = doublePrecision(col.name);
      break;
    case 'SQLiteText':
      b = text(col.name);
      break;
    case 'SQLiteBlobBuffer':
      b = bytea(col.name);
      break;
    case 'SQLiteTextJson':
      b = jsonText(col.name);
      break;
    default:
      throw new Error(`schema-pg: no Postgres type for ${col.columnType} (${col.name})`);
  }
  // An integer primary key is SQLite's rowid, assigned on insert with or without AUTOINCREMENT:
  // Postgres gives it an identity.
  const autoIncrement = (col as unknown as { autoIncrement?: boolean }).autoIncrement || col.columnType === 'SQLiteInteger';
  if (col.primary) b = autoIncrement ? bigint(col.name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity() : b.primaryKey();
  if (col.notNull && !col.primary) b = b.notNull();
  if (col.isUnique) b = b.unique(col.uniqueName);
  if (col.hasDefault && col.default !== undefined) b = b.default(defaultOf(col) as never);
  return b as PgColumnBuilderBase;
}

const byTable = new Map<SQLiteTable, AnyPgTable>();

function mirror(table: SQLiteTable): AnyPgTable {
  const config = getTableConfig(table);
  const columns = Object.fromEntries(Object.entries(table).filter(([, c]) => config.columns.includes(c as SQLiteColumn)).map(([key, c]) => [key, columnOf(c as SQLiteColumn)]));
  const pgCol = (cols: object, c: SQLiteColumn): PgColumn => {
    const found = Object.values(cols).find((p) => (p as PgColumn)?.name === c.name && typeof (p as PgColumn).columnType === 'string') as PgColumn | undefined;
    if (!found) throw new Error(`schema-pg: no column ${c.name} for table ${config.name}`);
    return found;
  };
  return pgTable(config.name, columns, (t) => {
    const mine = (c: SQLiteColumn) => pgCol(t, c);
    return [
      ...config.primaryKeys.map((pk) => primaryKey({ columns: pk.columns.map(mine) as [PgColumn, ...PgColumn[]] })),
      ...config.uniqueConstraints.map((u) => unique(u.name).on(...(u.columns.map(mine) as [PgColumn, ...PgColumn[]]))),
      ...config.indexes.map((i) => {
        const cols = i.config.columns.map((c) => mine(c as SQLiteColumn)) as [PgColumn, ...PgColumn[]];
        return (i.config.unique ? uniqueIndex(i.config.name) : index(i.config.name)).on(...cols);
      }),
      ...config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        const other = ref.foreignTable === table ? t : byTable.get(ref.foreignTable as SQLiteTable)!;
        let b = foreignKey({
          columns: ref.columns.map(mine) as [PgColumn, ...PgColumn[]],
          foreignColumns: ref.foreignColumns.map((c) => pgCol(other, c)) as [PgColumn, ...PgColumn[]],
          name: fk.getName(),
        });
        if (fk.onDelete) b = b.onDelete(fk.onDelete);
        if (fk.onUpdate) b = b.onUpdate(fk.onUpdate);
        return b;
      }),
    ];
  });
}

function isSqliteTable(v: unknown): v is SQLiteTable {
  try {
    return typeof v === 'object' && v !== null && getTableConfig(v as SQLiteTable).name !== undefined;
  } catch {
    return false;
  }
}

const tables = Object.entries(sqliteSchema).filter(([, v]) => isSqliteTable(v)) as [string, SQLiteTable][];
for (const [, t] of tables) byTable.set(t, mirror(t));

/** Every table of db/schema, as Postgres tables, under the same export names. */
export const pgSchema: Record<string, AnyPgTable> = Object.fromEntries(tables.map(([name, t]) => [name, byTable.get(t)!]));

// Named exports, which drizzle-kit reads (db/schema-pg/schema-pg.test.ts checks none is missing).
export const {
  accounts,
  apiKeys,
  assistants,
  chatToolCalls,
  chatToolRuns,
  connections,
  conversationItems,
  conversationMemory,
  conversations,
  graphPublications,
  graphShares,
  graphTests,
  graphVersions,
  graphs,
  knowledgeBases,
  knowledgeChunks,
  knowledgeDocuments,
  mcpServers,
  meta,
  pageCache,
  responses,
  runCheckpoints,
  runEvents,
  runJournal,
  runs,
  sessions,
  signInFailures,
  threadMessages,
  threadRuns,
  threads,
  users,
  verifications,
  workspaceMembers,
  workspaces,
} = pgSchema;
