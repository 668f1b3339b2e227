/** Starts lib/runtime/testing/serve-api.ts as a child process (so a test can SIGKILL it). */
import { spawn, type ChildProcess } from 'node:child_process';

export interface SpawnedApi {
  url: string;
  child: ChildProcess;
  /** JSON request against the server. */
  call<T = any>(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** kill -9, resolved once the process is gone. */
  kill(): Promise<void>;
}

export async function spawnApiServer(env: Record<string, string>): Promise<SpawnedApi> {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'lib/runtime/testing/serve-api.ts'], {
    env: { ...process.env, ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /api listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve-api.ts exited with ${code}: ${err}`)));
  });
  return {
    url,
    child,
    async call(method, pathname, body) {
      const res = await fetch(url + pathname, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
