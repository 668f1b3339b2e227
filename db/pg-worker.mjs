/**
 * The Postgres side of db/pg-client.ts, on a worker thread: one `pg` connection, migrated with
 * drizzle's node-postgres migrator (db/migrations-pg), answering each query message on the port and
 * then waking the main thread (Atomics.notify on the shared flag), which waits for it synchronously.
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
const client = new pg.Client({ connectionString: url });
// A lost connection fails the statements that follow (answered as errors); it never kills the thread.
let lost = null;
client.on('error', (err) => {
  lost = err;
});
/** Statement names per SQL text (prepared once per connection). */
const names = new Map();

function reply(message) {
  port.postMessage(message);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

function describe(err) {
  return { message: err?.message ?? String(err), code: err?.code, constraint: err?.constraint, detail: err?.detail };
}

async function handle(msg) {
  if (lost && msg.op !== 'close') throw lost;
  switch (msg.op) {
    case 'open':
      await client.connect();
      // The run's session clock in UTC; quiet notices (IF NOT EXISTS).
      await client.query("set client_min_messages = warning; set timezone = 'UTC'");
      await migrate(drizzle({ client }), { migrationsFolder });
      return null;
    case 'query': {
      let name = names.get(msg.sql);
      if (name === undefined && msg.prepare) {
        name = `s${names.size + 1}`;
        names.set(msg.sql, name);
      }
      const res = await client.query({ text: msg.sql, values: msg.params, rowMode: msg.array ? 'array' : undefined, ...(name ? { name } : {}) });
      return { rows: res.rows ?? [], rowCount: res.rowCount ?? 0 };
    }
    case 'exec':
      await client.query(msg.sql);
      return null;
    case 'close':
      await client.end();
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
parentPort?.on('close', () => client.end().catch(() => {}));
