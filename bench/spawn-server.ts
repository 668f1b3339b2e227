/**
 * Starts bench/load-server.ts as a child process (the server under load), resolves with its base
 * URL, its pid, its CPU time so far and a stop function. The CPU time is utime + stime from
 * /proc/<pid>/stat (Linux; in clock ticks, USER_HZ), so the server needs no route to report it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { isEventLoopReport, type EventLoopMessage, type EventLoopReport } from './event-loop-channel';

export interface SpawnedServer {
  url: string;
  pid: number;
  /** The server process's user + system CPU time so far, in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
  /** With `eventLoop: true`: restart the server's event-loop delay histogram / read it since the last reset. */
  eventLoop?: { reset(): void; read(): Promise<EventLoopReport> };
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; `getconf CLK_TCK`, 100 when it cannot say). */
export const USER_HZ = (() => {
  const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const hz = Number(out.stdout?.trim());
  return Number.isInteger(hz) && hz > 0 ? hz : 100;
})();

export function procCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, so split after its closing parenthesis):
  // state is field 3, utime field 14, stime field 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
}

/**
 * `root`: the checkout whose server to start (default: this one); another checkout (with
 * bench/load-server.ts and node_modules) compares two versions of the server back to back.
 */
export async function spawnServer(env: Record<string, string>, opts: { cpuProfileDir?: string; root?: string; eventLoop?: boolean } = {}): Promise<SpawnedServer> {
  const flags = opts.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', opts.cpuProfileDir] : [];
  const child = spawn(process.execPath, [...flags, '--conditions=react-server', '--import', 'tsx', 'bench/load-server.ts'], {
    cwd: opts.root ?? process.cwd(),
    env: { ...process.env, ...env },
    // The IPC channel is the bench-only way to the server's event-loop delay (bench/load-server.ts).
    stdio: opts.eventLoop ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const pid = child.pid!;
  // A benchmark that fails (or exits) midway leaves no server behind.
  const orphan = () => child.kill('SIGTERM');
  process.once('exit', orphan);
  const send = (msg: EventLoopMessage) => child.send(msg);
  const eventLoop = opts.eventLoop
    ? {
        reset: () => void send('eld-reset'),
        read: () =>
          new Promise<EventLoopReport>((resolve, reject) => {
            const onMessage = (msg: unknown) => {
              if (!isEventLoopReport(msg)) return;
              child.off('message', onMessage);
              clearTimeout(timer);
              resolve(msg);
            };
            const timer = setTimeout(() => {
              child.off('message', onMessage);
              reject(new Error('the bench server did not report its event-loop delay within 10 s'));
            }, 10_000);
            child.on('message', onMessage);
            send('eld-read');
          }),
      }
    : undefined;
  return {
    url: url.trim(),
    eventLoop,
    pid,
    cpuMs: () => procCpuMs(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', orphan);
        if (child.exitCode !== null) return resolve();
        // SIGKILL if it has not exited 5 s after SIGTERM (a close stuck on a connection).
        const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
