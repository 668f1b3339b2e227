/**
 * A real PostgreSQL for integration tests (Debian's package: `apt-get install -y postgresql`;
 * `.ci/run` installs it): a cluster made by initdb in a temporary directory owned by the `postgres`
 * user (PostgreSQL refuses to run as root), started on a free 127.0.0.1 port with its socket in that
 * directory, stopped and removed by `stop()`. `postgresBinDir()` is null when it is not installed:
 * the Postgres suites skip, saying so. `createDatabase()` gives each suite an empty database. The
 * test files of one vitest run share one cluster (shared-postgres.ts: initdb is the slow part).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export interface PostgresServer {
  port: number;
  /** postgres://… of the `postgres` database. */
  url: string;
  /** Creates an empty database; its URL. */
  createDatabase(name: string): string;
  /** Drops a database, closing its connections first. */
  dropDatabase(name: string): void;
  /** Restarts the server (immediate stop: every connection is cut), same port. */
  restart(): void;
  /** Stops the server (immediate: every connection is cut) and leaves it down until up(); a cluster of its own only. */
  down(): void;
  /** Starts a server stopped by down() again, on the same port, with the same options. */
  up(): void;
  stop(): void;
}

/** POSTGRES_BIN_DIR, or the newest /usr/lib/postgresql/N/bin (Debian); null when missing. */
export function postgresBinDir(): string | null {
  const candidates = process.env.POSTGRES_BIN_DIR
    ? [process.env.POSTGRES_BIN_DIR]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [];
  for (const dir of candidates) {
    try {
      accessSync(path.join(dir, 'pg_ctl'), constants.X_OK);
      return dir;
    } catch {
      // not there
    }
  }
  return null;
}

/** Runs a PostgreSQL binary as the `postgres` user when this process is root (as itself otherwise). */
function runAsOwner(bin: string, args: string[]): string {
  const asRoot = userInfo().uid === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const res = spawnSync(cmd, argv, { encoding: 'utf8', cwd: tmpdir() });
  if (res.status !== 0) throw new Error(`${path.basename(bin)} ${args.join(' ')} failed (${res.status}): ${res.stderr || res.stdout}`);
  return res.stdout;
}

/** Where a running cluster lives: enough for another process to use it (lib/testing/shared-postgres.ts). */
export interface PostgresClusterInfo {
  bin: string;
  /** The temporary directory: the cluster's data, its log and its socket. */
  dir: string;
  port: number;
}

/** initdb in a new directory under `parent`, then pg_ctl start; returns once the server accepts connections. */
export async function initPostgresCluster(opts: { parent?: string; maxConnections?: number } = {}): Promise<PostgresClusterInfo> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const dir = mkdtempSync(path.join(opts.parent ?? tmpdir(), 'switchyard-pg-'));
  const data = path.join(dir, 'data');
  try {
    chmodSync(dir, 0o777); // the postgres user makes the cluster inside it
    if (userInfo().uid === 0) execFileSync('chown', ['postgres', dir]);
    const port = await freePort();
    const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off'];
    if (opts.maxConnections) options.push(`-c max_connections=${opts.maxConnections}`);
    runAsOwner(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    runAsOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options.join(' '), 'start']);
    return { bin, dir, port };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Stops the cluster (immediate: every connection is cut) and removes its directory. */
export function stopPostgresCluster(info: PostgresClusterInfo): void {
  try {
    runAsOwner(path.join(info.bin, 'pg_ctl'), ['-D', path.join(info.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  } finally {
    rmSync(info.dir, { recursive: true, force: true });
  }
}

/**
 * The server of a running cluster. `owned`: stop() stops it and restart() restarts it; otherwise (a
 * cluster shared by the test files of one run) stop() does nothing and restart() refuses.
 */
export function postgresServerOf(info: PostgresClusterInfo, owned: boolean): PostgresServer {
  const base = `postgres://postgres@127.0.0.1:${info.port}`;
  const data = path.join(info.dir, 'data');
  let stopped = !owned;
  /** down(): the stopped server's command line. */
  let opts = '';
  // A test process that exits without stop() (a failed hook, a timeout) leaves no server behind.
  const onExit = () => server.stop();
  if (owned) process.once('exit', onExit);
  const server: PostgresServer = {
    port: info.port,
    url: `${base}/postgres`,
    createDatabase(name) {
      runAsOwner(path.join(info.bin, 'createdb'), ['-h', info.dir, '-p', String(info.port), '-U', 'postgres', name]);
      return `${base}/${name}`;
    },
    dropDatabase(name) {
      runAsOwner(path.join(info.bin, 'dropdb'), ['-h', info.dir, '-p', String(info.port), '-U', 'postgres', '--force', '--if-exists', name]);
    },
    restart() {
      if (!owned) throw new Error('restart() stops every connection of the cluster, which other test files share: use onPostgres({ ownCluster: true })');
      runAsOwner(path.join(info.bin, 'pg_ctl'), ['-D', data, '-l', path.join(info.dir, 'log'), '-m', 'immediate', '-w', 'restart']);
    },
    down() {
      if (!owned) throw new Error('down() stops every connection of the cluster, which other test files share: use onPostgres({ ownCluster: true })');
      // postmaster.opts holds the command line the server was started with (port, socket directory, settings).
      opts = readFileSync(path.join(data, 'postmaster.opts'), 'utf8');
      runAsOwner(path.join(info.bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    up() {
      if (!opts) throw new Error('up() starts a server that down() stopped');
      const args = [...opts.trim().matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
      const options = args.filter((a) => a !== '-D' && a !== data).map((a) => (/\s/.test(a) ? `'${a}'` : a));
      runAsOwner(path.join(info.bin, 'pg_ctl'), ['-D', data, '-l', path.join(info.dir, 'log'), '-w', '-o', options.join(' '), 'start']);
      opts = '';
    },
    stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', onExit);
      stopPostgresCluster(info);
    },
  };
  return server;
}

/** A cluster of its own: initdb, then pg_ctl start; returns once the server accepts connections. */
export async function startPostgresServer(): Promise<PostgresServer> {
  return postgresServerOf(await initPostgresCluster(), true);
}
