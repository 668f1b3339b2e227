/**
 * Postgres behind the store's synchronous client interface (DATABASE_URL=postgres://…).
 *
 * The store is written against better-sqlite3's synchronous API under drizzle's SQLite query
 * builder (db/*.ts, db/prepared.ts). This client offers the part of that API the store and drizzle
 * use (`prepare` → run/get/all/raw, `transaction`, `exec`, `close`) over one Postgres connection
 * held by a worker thread (db/pg-worker.mjs): each statement is posted to the worker and the calling
 * thread waits for the answer (Atomics.wait, then receiveMessageOnPort). So the same query layer runs
 * on both databases; the SQL drizzle builds for SQLite is made Postgres' here: `?` placeholders
 * become `$n`, the schema's SQLite default for "now in ms" becomes Postgres', a conflict target
 * loses its table qualifier, booleans are bound as 1/0 (as SQLite stores them), and constraint
 * errors carry SQLite's codes (SQLITE_CONSTRAINT_UNIQUE, …_PRIMARYKEY, …_FOREIGNKEY, …_NOTNULL)
 * next to Postgres' (`pgCode`).
 * The few queries whose SQL differs (JSON functions) pick their variant with isPostgres() (client.ts).
 *
 * The cost: a statement blocks the calling thread for one round trip to Postgres, as a SQLite
 * statement blocks it for its disk work.
 *
 * Differences that remain: a statement that fails inside a transaction fails the whole transaction
 * (SQLite undoes only the statement), so the store catches around transactions, never inside; a
 * lost connection is reopened by the next statement outside a transaction, while one inside fails
 * (as does its commit); in ORDER BY, NULL sorts as the largest value (in SQLite, the smallest).
 *
 * No `server-only` mark: the operator scripts (db/maintenance.ts) use it outside the app too.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import path from 'node:path';

interface Reply {
  result?: { rows: unknown[]; rowCount: number } | null;
  error?: { message: string; code?: string; constraint?: string; detail?: string };
}

/** DATABASE_URL when it names a Postgres database (postgres:// or postgresql://); undefined otherwise (SQLite). */
export function postgresUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  const url = env.DATABASE_URL?.trim();
  return url && /^postgres(ql)?:\/\//i.test(url) ? url : undefined;
}

/** How long one statement may take before the caller gives up (the worker or the server is gone). */
const STATEMENT_TIMEOUT_MS = 120_000;

/** SQLite's spelling of the schema's "now in milliseconds" default, and Postgres'. */
const SQLITE_NOW_MS = "cast(unixepoch('subsecond') * 1000 as integer)";
const PG_NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/** `?` → `$1, $2, …` outside string literals and quoted identifiers; SQLite-only spellings replaced. */
export function toPostgresSql(sqliteSql: string): string {
  let out = '';
  let n = 0;
  let quote: string | null = null;
  for (let i = 0; i < sqliteSql.length; i++) {
    const c = sqliteSql[i]!;
    if (quote) {
      if (c === quote) quote = null;
      out += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      out += c;
    } else if (c === '?') {
      out += `$${++n}`;
    } else {
      out += c;
    }
  }
  if (out.includes('unixepoch')) out = out.split(SQLITE_NOW_MS).join(PG_NOW_MS);
  // SQLite accepts a conflict target qualified with its table ("t"."c"); Postgres wants the column alone.
  if (out.includes('on conflict (')) out = out.replace(/on conflict \(([^)]*)\)/g, (_, cols: string) => `on conflict (${cols.replace(/"[^"]+"\./g, '')})`);
  return out;
}

function bindable(v: unknown): unknown {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint') return v.toString();
  return v;
}

const SQLITE_CODES: Record<string, string> = { '23503': 'SQLITE_CONSTRAINT_FOREIGNKEY', '23502': 'SQLITE_CONSTRAINT_NOTNULL', '23514': 'SQLITE_CONSTRAINT_CHECK' };

function toError(e: NonNullable<Reply['error']>): Error {
  const err = new Error(e.message) as Error & { code?: string; pgCode?: string; constraint?: string; detail?: string };
  err.pgCode = e.code;
  err.constraint = e.constraint;
  err.detail = e.detail;
  if (e.code === '23505') err.code = e.constraint?.endsWith('_pkey') ? 'SQLITE_CONSTRAINT_PRIMARYKEY' : 'SQLITE_CONSTRAINT_UNIQUE';
  else if (e.code) err.code = SQLITE_CODES[e.code] ?? e.code;
  return err;
}

export interface RunResult {
  changes: number;
  lastInsertRowid: number;
}

/** A statement, as better-sqlite3's: run/get/all with positional parameters, raw() for array rows. */
export class PgStatement {
  private array = false;
  private readonly text: string;
  constructor(
    private readonly client: PgSyncClient,
    source: string,
  ) {
    this.text = client.translate(source);
  }
  raw(toggle = true): this {
    this.array = toggle;
    return this;
  }
  run(...params: unknown[]): RunResult {
    return { changes: this.client.query(this.text, params, false).rowCount, lastInsertRowid: 0 };
  }
  all(...params: unknown[]): unknown[] {
    return this.client.query(this.text, params, this.array).rows;
  }
  get(...params: unknown[]): unknown {
    return this.client.query(this.text, params, this.array).rows[0];
  }
}

type TransactionFn<A extends unknown[], R> = ((...args: A) => R) & { deferred: (...args: A) => R; immediate: (...args: A) => R; exclusive: (...args: A) => R };

export class PgSyncClient {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private depth = 0;
  private closed = false;
  /** Postgres SQL per SQLite SQL (drizzle prepares each query anew; the store's queries are a few hundred). */
  private readonly translated = new Map<string, string>();
  readonly open = true;

  constructor(url: string) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const file = path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'db', 'pg-worker.mjs');
    const migrationsFolder = path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'db', 'migrations-pg');
    this.worker = new Worker(file, { workerData: { url, flag: this.flag.buffer, port: port2, migrationsFolder }, transferList: [port2] });
    this.worker.unref();
    // A worker that dies leaves the next statement waiting for its timeout; this says why.
    this.worker.on('error', (err) => console.error('[db] the Postgres worker thread failed:', err));
    try {
      this.call({ op: 'open' });
    } catch (err) {
      void this.worker.terminate();
      throw err;
    }
  }

  private call(msg: Record<string, unknown>): Reply['result'] {
    if (this.closed) throw new Error('The database connection is closed');
    Atomics.store(this.flag, 0, 0);
    this.port.postMessage(msg);
    if (Atomics.wait(this.flag, 0, 0, STATEMENT_TIMEOUT_MS) === 'timed-out') throw new Error(`Postgres did not answer within ${STATEMENT_TIMEOUT_MS / 1000} s`);
    const received = receiveMessageOnPort(this.port);
    if (!received) throw new Error('Postgres worker answered nothing');
    const reply = received.message as Reply;
    if (reply.error) throw toError(reply.error);
    return reply.result;
  }

  query(text: string, params: unknown[], array: boolean): { rows: unknown[]; rowCount: number } {
    return this.call({ op: 'query', sql: text, params: params.map(bindable), array, prepare: params.length > 0, inTransaction: this.depth > 0 }) ?? { rows: [], rowCount: 0 };
  }

  translate(source: string): string {
    let text = this.translated.get(source);
    if (text === undefined) {
      text = toPostgresSql(source);
      if (this.translated.size >= 2000) this.translated.clear(); // SQL built with inline values: keep it bounded
      this.translated.set(source, text);
    }
    return text;
  }

  prepare(source: string): PgStatement {
    return new PgStatement(this, source);
  }

  exec(source: string): this {
    this.call({ op: 'exec', sql: source, inTransaction: this.depth > 0 });
    return this;
  }

  /** As better-sqlite3's: a function running `fn` in a transaction (a savepoint inside another). */
  transaction<A extends unknown[], R>(fn: (...args: A) => R): TransactionFn<A, R> {
    const run = (...args: A): R => {
      const outer = this.depth === 0;
      const savepoint = outer ? null : `sy_tx${this.depth}`;
      // `begin` may reconnect a lost connection; every later statement, commit included, must run on
      // the connection that began (a lost one fails them: nothing is committed by accident).
      this.call({ op: 'exec', sql: savepoint ? `savepoint ${savepoint}` : 'begin', inTransaction: !outer });
      this.depth++;
      let result: R;
      try {
        result = fn(...args);
      } catch (err) {
        try {
          this.call({ op: 'exec', sql: savepoint ? `rollback to savepoint ${savepoint}` : 'rollback', inTransaction: true });
        } finally {
          this.depth--;
        }
        throw err;
      }
      try {
        this.call({ op: 'exec', sql: savepoint ? `release savepoint ${savepoint}` : 'commit', inTransaction: true });
      } finally {
        this.depth--;
      }
      return result;
    };
    return Object.assign(run, { deferred: run, immediate: run, exclusive: run });
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  close(): void {
    if (this.closed) return;
    try {
      this.call({ op: 'close' });
    } finally {
      this.closed = true;
      this.port.close();
      void this.worker.terminate();
    }
  }
}
