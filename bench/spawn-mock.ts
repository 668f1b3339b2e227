/** Starts bench/mock-model.ts as a child process; resolves with its base URL and a stop function. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** `env`: more of bench/mock-model.ts's settings (BENCH_MODEL_REPLY_BYTES...). */
export async function spawnMockModel(latencyMs: number, env: Record<string, string> = {}): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/mock-model.ts'], {
    env: { ...process.env, ...env, BENCH_MODEL_LATENCY_MS: String(latencyMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the mock model exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  // A benchmark that fails (or exits) midway leaves no mock model behind.
  process.once('exit', () => child.kill('SIGTERM'));
  return { url: first.trim(), stop: () => child.kill('SIGTERM') };
}
