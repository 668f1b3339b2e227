/** Starts lib/testing/boot-process.ts (a server started as `next start` starts one) and waits until it boots or exits. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Booted {
  /** `booted`: it serves (kill it when done); `exited`: the start-up refused, with its exit code and output. */
  outcome: 'booted' | 'exited';
  code: number | null;
  stdout: string;
  stderr: string;
  child: ChildProcess;
  /** kill -9, resolved once the process is gone. */
  kill(): Promise<void>;
}

export function spawnBoot(env: Record<string, string | undefined>): Promise<Booted> {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'lib/testing/boot-process.ts'], {
    env: { ...process.env, ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<Booted>((resolve) => {
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (/booted on /.test(stdout)) resolve({ outcome: 'booted', code: null, stdout, stderr, child, kill });
    });
    void exited.then((code) => resolve({ outcome: 'exited', code, stdout, stderr, child, kill }));
  });
}
