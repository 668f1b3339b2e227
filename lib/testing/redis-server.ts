/**
 * A real redis-server for integration tests (Debian's package: `apt-get install -y redis-server`;
 * `.ci/run` installs it): started on a free 127.0.0.1 port in a temporary directory, no persistence,
 * stopped (and the directory removed) by `stop()`. `redisServerBinary()` is null when it is not
 * installed: the queue suites skip, saying so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server', '/opt/homebrew/bin/redis-server'];

/** REDIS_SERVER_BIN, or redis-server where Debian (or Homebrew) puts it; null when missing. */
export function redisServerBinary(): string | null {
  const candidates = process.env.REDIS_SERVER_BIN ? [process.env.REDIS_SERVER_BIN] : CANDIDATES;
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not there
    }
  }
  return null;
}

/** Starts redis-server; resolves once it accepts connections. */
export async function startRedisServer(): Promise<RedisServer> {
  const bin = redisServerBinary();
  if (!bin) throw new Error('redis-server is not installed (apt-get install -y redis-server)');
  const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-redis-'));
  const port = await freePort();
  const child: ChildProcess = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
