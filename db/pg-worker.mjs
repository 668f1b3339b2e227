/**
 * The Postgres side of db/pg-client.ts, on a worker thread: one `pg` connection (reconnected when
 * lost between transactions), migrated with drizzle's node-postgres migrator (db/migrations-pg),
 * answering each query message on the port and then waking the main thread (Atomics.notify on the
 * shared flag), which waits for it synchronously.
 * Plain JavaScript, loaded by path from the working directory (no bundler involved).
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';

// bigint (count(*), timestamps in ms) and numeric (sums) come back as numbers, as SQLite's do.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

const { url, flag, port, migrationsFolder } = workerData;
const signal = new Int32Array(flag);
/** The connection; replaced when it was lost (the server restarted, a network cut) and no transaction was open. */
let client = null;
/** Why the connection is unusable, once it is. */
let lost = null;
/** Statement names per SQL text (prepared once per connection). */
const names = new Map();
/** Errors that mean the connection is gone rather than the statement refused. */
const CONNECTION_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08003', '08006']);

async function connect() {
  const c = new pg.Client({ connectionString: url });
  // A lost connection is noted (the next statement reconnects); it never kills the thread.
  c.on('error', (err) => {
    if (client === c) lost = err;
  });
  c.on('end', () => {
    if (client === c) lost ??= new Error('The Postgres connection ended');
  });
  await c.connect();
  // Timestamps are stored as ms numbers; UTC keeps any server-side date arithmetic the same everywhere.
  await c.query("set client_min_messages = warning; set timezone = 'UTC'");
  client = c;
  lost = null;
  names.clear();
}

/** Applies db/migrations-pg, one process at a time (web and workers may start together). */
async function migrateLocked() {
  await client.query("select pg_advisory_lock(hashtext('switchyard.migrations'))");
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('switchyard.migrations'))");
  }
}

function reply(message) {
  port.postMessage(message);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

function describe(err) {
  return { message: err?.message ?? String(err), code: err?.code, constraint: err?.constraint, detail: err?.detail };
}

/** The connection, reconnected when lost outside a transaction (a transaction dies with its connection). */
async function usable(inTransaction) {
  if (client && !lost) return client;
  if (inTransaction) throw new Error(`The Postgres connection was lost in a transaction: ${lost?.message ?? 'closed'}`);
  const old = client;
  client = null;
  old?.end().catch(() => {});
  await connect();
  return client;
}

async function run(msg, fn) {
  const c = await usable(msg.inTransaction);
  try {
    return await fn(c);
  } catch (err) {
    if (CONNECTION_ERRORS.has(err?.code) || /Connection terminated|not queryable/i.test(err?.message ?? '')) lost = err;
    throw err;
  }
}

async function handle(msg) {
  switch (msg.op) {
    case 'open':
      await connect();
      await migrateLocked();
      return null;
    case 'query':
      return run(msg, async (c) => {
        let name = names.get(msg.sql);
        // Prepared on the server once per SQL text, up to a bound (an `in (…)` list makes a text per length).
        if (name === undefined && msg.prepare && names.size < 1000) {
          name = `s${names.size + 1}`;
          names.set(msg.sql, name);
        }
        const res = await c.query({ text: msg.sql, values: msg.params, rowMode: msg.array ? 'array' : undefined, ...(name ? { name } : {}) });
        return { rows: res.rows ?? [], rowCount: res.rowCount ?? 0 };
      });
    case 'exec':
      return run(msg, async (c) => {
        await c.query(msg.sql);
        return null;
      });
    case 'close':
      await client?.end().catch(() => {});
      client = null;
      return null;
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

port.on('message', (msg) => {
  handle(msg).then(
    (result) => reply({ result }),
    (err) => {
      // SWITCHYARD_PG_DEBUG=1: the failing statement on stderr.
      if (process.env.SWITCHYARD_PG_DEBUG) console.error('[db] Postgres refused:', msg.sql, msg.params, err?.message);
      reply({ error: describe(err) });
    },
  );
});
parentPort?.on('close', () => client?.end().catch(() => {}));
