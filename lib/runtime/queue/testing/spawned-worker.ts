/** Starts `npm run worker` (scripts/worker.ts) as a child process, so a test can SIGKILL it. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface SpawnedWorker {
  id: string;
  child: ChildProcess;
  /** Everything it printed so far (for failure messages). */
  output(): string;
  /** kill -9, resolved once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: it finishes its running runs, then exits. */
  stop(): Promise<void>;
}

export async function spawnWorker(env: Record<string, string>): Promise<SpawnedWorker> {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const id = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /switchyard worker (\S+) ready/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`scripts/worker.ts exited with ${code}: ${out}`)));
  });
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    id,
    child,
    output: () => out,
    async kill() {
      if (!gone()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!gone()) child.kill('SIGTERM');
      await exited;
    },
  };
}
