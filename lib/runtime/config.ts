/**
 * Operator settings of the runtime, read from the environment when a run starts:
 * - SWITCHYARD_ALLOWED_HOSTS          comma-separated hosts the http tool may reach even if private
 * - SWITCHYARD_MODEL_MAX_RETRIES      retries per model call (429/5xx/connection), default 4
 * - SWITCHYARD_MODEL_TIMEOUT_MS       per-attempt inactivity timeout, default 120000
 * - SWITCHYARD_MODEL_RETRY_BASE_MS    first backoff step, default 500
 * - SWITCHYARD_MODEL_RETRY_MAX_WAIT_MS cap on one wait (including Retry-After), default 30000
 * - SWITCHYARD_SSE_HEARTBEAT_MS       SSE heartbeat period (run events, chat completions keep-alive), default 15000
 * - SWITCHYARD_MAX_CONCURRENT_RUNS    runs executing at once in this process (more wait as `queued`),
 *                                     default max(16, 32 × available CPUs): runs mostly wait on the model
 * - SWITCHYARD_RUN_THREADS            worker threads runs execute on, off the HTTP event loop
 *                                     (lib/runtime/threads), default min(4, available CPUs); 0 = on the
 *                                     server's thread. Ignored in queue mode and with SWITCHYARD_DB=:memory:
 * - SWITCHYARD_QUEUE                  redis://… : queue mode (lib/runtime/queue): runs are BullMQ jobs
 *                                     executed by `npm run worker` processes; unset = in-process runs
 * - SWITCHYARD_QUEUE_LOCK_MS          a worker's lock on a run's job, renewed at half of it; a job whose
 *                                     worker died is taken over once the lock expired, default 30000
 * - SWITCHYARD_QUEUE_STALLED_MS       how often workers look for such jobs, default 30000
 */
import { availableParallelism } from 'node:os';

export interface RuntimeConfig {
  allowedHosts: string[];
  model: { maxRetries?: number; timeoutMs?: number; baseDelayMs?: number; maxWaitMs?: number };
  sseHeartbeatMs: number;
}

function intFromEnv(env: Record<string, string | undefined>, name: string, min: number, max: number): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.warn(`${name}=${JSON.stringify(raw)} is not an integer in [${min}, ${max}]; using the default`);
    return undefined;
  }
  return n;
}

function parseAllowedHosts(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export function runtimeConfig(env: Record<string, string | undefined> = process.env): RuntimeConfig {
  return {
    allowedHosts: parseAllowedHosts(env.SWITCHYARD_ALLOWED_HOSTS),
    model: {
      maxRetries: intFromEnv(env, 'SWITCHYARD_MODEL_MAX_RETRIES', 0, 20),
      timeoutMs: intFromEnv(env, 'SWITCHYARD_MODEL_TIMEOUT_MS', 100, 3_600_000),
      baseDelayMs: intFromEnv(env, 'SWITCHYARD_MODEL_RETRY_BASE_MS', 0, 600_000),
      maxWaitMs: intFromEnv(env, 'SWITCHYARD_MODEL_RETRY_MAX_WAIT_MS', 0, 600_000),
    },
    sseHeartbeatMs: intFromEnv(env, 'SWITCHYARD_SSE_HEARTBEAT_MS', 50, 600_000) ?? 15_000,
  };
}

/** SWITCHYARD_MAX_CONCURRENT_RUNS, or the default sized to the machine: max(16, 32 × available CPUs). */
export function maxConcurrentRuns(env: Record<string, string | undefined> = process.env): number {
  return intFromEnv(env, 'SWITCHYARD_MAX_CONCURRENT_RUNS', 1, 100_000) ?? Math.max(16, 32 * availableParallelism());
}

/** SWITCHYARD_RUN_THREADS, or the default min(4, available CPUs); 0: runs execute on the server's thread. */
export function runThreads(env: Record<string, string | undefined> = process.env): number {
  return intFromEnv(env, 'SWITCHYARD_RUN_THREADS', 0, 256) ?? Math.min(4, availableParallelism());
}

export interface QueueConfig {
  url: string;
  lockMs: number;
  stalledMs: number;
}

/** Queue mode's settings, or null when SWITCHYARD_QUEUE is unset (runs execute in this process). */
export function queueConfig(env: Record<string, string | undefined> = process.env): QueueConfig | null {
  const url = env.SWITCHYARD_QUEUE?.trim();
  if (!url) return null;
  if (!/^rediss?:\/\//.test(url)) throw new Error(`SWITCHYARD_QUEUE=${JSON.stringify(url)} is not a redis:// or rediss:// URL`);
  return {
    url,
    lockMs: intFromEnv(env, 'SWITCHYARD_QUEUE_LOCK_MS', 200, 3_600_000) ?? 30_000,
    stalledMs: intFromEnv(env, 'SWITCHYARD_QUEUE_STALLED_MS', 100, 3_600_000) ?? 30_000,
  };
}

/** SWITCHYARD_QUEUE as set (cheap: read on every published event), or undefined. */
export function queueUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  return env.SWITCHYARD_QUEUE?.trim() || undefined;
}
