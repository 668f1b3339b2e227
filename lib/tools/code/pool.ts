/**
 * Warm worker threads for the code tool's sandboxes (quickjs-worker.mjs, pyodide-worker.mjs). A worker
 * boots once (Pyodide takes seconds) and runs jobs one at a time; a job that passes its time limit,
 * or a worker that fails, is terminated and replaced. Each worker starts with an empty environment
 * and JS heap limits (resourceLimits). Idle workers do not keep the process alive (their stdout is
 * not piped: a piped stream would; the sandboxed code's own output is captured inside the worker).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { CodeLanguage } from '../../graph/schema';

export interface SandboxJob {
  code: string;
  /** Call this function of the code with the arguments. */
  fn?: string;
  args: unknown;
  timeoutMs: number;
  memoryBytes: number;
  maxStdout: number;
}

/** Why a job failed: its own error, or a limit of the sandbox. */
export type SandboxFailureKind = 'error' | 'timeout' | 'memory' | 'recursion' | 'stdout' | 'fatal' | 'cancelled' | 'unavailable';

export class SandboxFailure extends Error {
  constructor(
    readonly kind: SandboxFailureKind,
    message: string,
    readonly errorName: string,
    readonly stdout: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

export interface SandboxOutcome {
  result: unknown;
  stdout: string;
}

interface Reply {
  id?: number;
  ready?: boolean;
  recycle?: boolean;
  ok?: boolean;
  resultJson?: string;
  stdout?: string;
  error?: { kind: SandboxFailureKind; name: string; message: string; line?: number };
}

interface Pending {
  job: SandboxJob;
  signal?: AbortSignal;
  resolve(out: SandboxOutcome): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  busy?: { id: number; pending: Pending; timer: NodeJS.Timeout; onAbort: () => void };
  /** Replace the worker once its job is done (the runtime could not be freed cleanly). */
  recycle?: boolean;
}

const WORKER_FILES: Record<CodeLanguage, string> = { javascript: 'quickjs-worker.mjs', python: 'pyodide-worker.mjs' };

/** The directory holding the worker files: next to this module (CLI, tests), else the repository's (a bundled server). */
function workerDir(): string {
  try {
    const here = path.dirname(fileURLToPath(/*turbopackIgnore: true*/ import.meta.url));
    if (existsSync(path.join(/*turbopackIgnore: true*/ here, WORKER_FILES.javascript))) return here;
  } catch {
    // not a file URL (bundled)
  }
  return path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib', 'tools', 'code');
}

/** Pyodide's files (wasm, stdlib) in node_modules: loaded from disk, never from a CDN. */
function pyodideDir(): string {
  const fromCwd = path.join(/*turbopackIgnore: true*/ process.cwd(), 'node_modules', 'pyodide');
  if (existsSync(fromCwd)) return fromCwd + path.sep;
  return path.join(/*turbopackIgnore: true*/ workerDir(), '..', '..', '..', 'node_modules', 'pyodide') + path.sep;
}

/** The JS heap of a worker (the sandboxed code's memory is WebAssembly memory, capped per job). */
const RESOURCE_LIMITS: Record<CodeLanguage, ResourceLimits> = {
  javascript: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  python: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 8 },
};

/** Extra time a JavaScript job gets before its worker is killed (QuickJS's own interrupt normally ends it first). */
const JS_KILL_GRACE_MS = 1000;

export class SandboxPool {
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly language: CodeLanguage,
    private readonly size = 1,
  ) {}

  run(job: SandboxJob, signal?: AbortSignal): Promise<SandboxOutcome> {
    if (this.closed) return Promise.reject(new SandboxFailure('unavailable', 'the code sandbox is shut down', 'SandboxError', ''));
    if (signal?.aborted) return Promise.reject(new SandboxFailure('cancelled', 'the call was cancelled', 'CancelledError', ''));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, signal, resolve, reject });
      this.pump();
    });
  }

  /** Starts the workers now (so a first call does not wait for a boot). */
  warm(): Promise<void> {
    while (this.slots.length < this.size) this.slots.push(this.spawn());
    return Promise.all(this.slots.map((s) => (s.ready ? undefined : new Promise<void>((r) => s.worker.once('message', () => r()))))).then(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new SandboxFailure('unavailable', 'the code sandbox is shut down', 'SandboxError', ''));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    // Not bundled: the build must not follow a Worker path it cannot know (it would take the whole repository for worker entries).
    const file = path.join(/*turbopackIgnore: true*/ workerDir(), WORKER_FILES[this.language]);
    const worker = new Worker(/*turbopackIgnore: true*/ file, {
      env: {},
      argv: [],
      execArgv: [],
      resourceLimits: RESOURCE_LIMITS[this.language],
      workerData: { indexURL: pyodideDir(), memoryBytes: 256 * 1024 * 1024 },
      name: `switchyard-code-${this.language}`,
    });
    worker.unref();
    const slot: Slot = { worker, ready: false };
    worker.on('message', (m: Reply) => this.onMessage(slot, m));
    worker.on('error', (err: Error & { code?: string }) => {
      const kind: SandboxFailureKind = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'fatal';
      this.fail(slot, new SandboxFailure(kind, kind === 'memory' ? 'the memory limit was reached' : `the sandbox failed: ${err.message}`, kind === 'memory' ? 'MemoryError' : 'SandboxError', ''));
    });
    worker.on('exit', () => this.fail(slot, new SandboxFailure('fatal', 'the sandbox stopped', 'SandboxError', '')));
    return slot;
  }

  private onMessage(slot: Slot, m: Reply): void {
    if (m.recycle) slot.recycle = true;
    if (m.ready) {
      slot.ready = true;
      this.pump();
      return;
    }
    const busy = slot.busy;
    if (m.id === undefined || !busy || busy.id !== m.id) return;
    this.release(slot);
    const stdout = m.stdout ?? '';
    if (m.ok) {
      let result: unknown = null;
      try {
        result = m.resultJson === undefined ? null : JSON.parse(m.resultJson);
      } catch {
        result = null;
      }
      busy.pending.resolve({ result, stdout });
    } else {
      const e = m.error ?? { kind: 'fatal' as const, name: 'SandboxError', message: 'no answer' };
      busy.pending.reject(new SandboxFailure(e.kind, e.message, e.name, stdout, e.line));
    }
    if (slot.recycle) this.replace(slot);
    this.pump();
  }

  /** The slot's job is over: stop its timer and abort listener, let the worker idle. */
  private release(slot: Slot): void {
    const busy = slot.busy;
    if (!busy) return;
    clearTimeout(busy.timer);
    busy.pending.signal?.removeEventListener('abort', busy.onAbort);
    slot.busy = undefined;
    slot.worker.unref();
  }

  private fail(slot: Slot, err: SandboxFailure): void {
    if (!this.slots.includes(slot)) return;
    if (!slot.ready) {
      // It never started (Pyodide missing, a broken install): the waiting calls fail; the next call tries again.
      this.slots.splice(this.slots.indexOf(slot), 1);
      slot.worker.removeAllListeners('exit');
      void slot.worker.terminate();
      const why = new SandboxFailure('unavailable', `the ${this.language} sandbox did not start: ${err.message}`, 'SandboxError', '');
      for (const p of this.queue.splice(0)) p.reject(why);
      return;
    }
    const busy = slot.busy;
    this.release(slot);
    busy?.pending.reject(err);
    this.replace(slot);
    this.pump();
  }

  /** Terminates a slot's worker and starts a fresh one in its place (warm for the next job). */
  private replace(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    slot.worker.removeAllListeners('exit');
    slot.worker.removeAllListeners('error');
    void slot.worker.terminate();
    if (!this.closed) this.slots.push(this.spawn());
  }

  private pump(): void {
    if (this.closed) return;
    while (this.queue.length) {
      let slot = this.slots.find((s) => s.ready && !s.busy);
      if (!slot) {
        if (this.slots.length < this.size) this.slots.push(this.spawn());
        return;
      }
      const pending = this.queue.shift()!;
      if (pending.signal?.aborted) {
        pending.reject(new SandboxFailure('cancelled', 'the call was cancelled', 'CancelledError', ''));
        continue;
      }
      this.dispatch(slot, pending);
      slot = undefined;
    }
  }

  private dispatch(slot: Slot, pending: Pending): void {
    const id = this.nextId++;
    const { job } = pending;
    const limit = job.timeoutMs + (this.language === 'javascript' ? JS_KILL_GRACE_MS : 0);
    const timer = setTimeout(() => this.fail(slot, new SandboxFailure('timeout', 'the time limit was reached', 'TimeoutError', '')), limit);
    const onAbort = () => this.fail(slot, new SandboxFailure('cancelled', 'the call was cancelled', 'CancelledError', ''));
    pending.signal?.addEventListener('abort', onAbort, { once: true });
    slot.busy = { id, pending, timer, onAbort };
    slot.worker.ref();
    slot.worker.postMessage({ id, code: job.code, fn: job.fn, argsJson: JSON.stringify(job.args ?? {}), timeoutMs: job.timeoutMs, memoryBytes: job.memoryBytes, maxStdout: job.maxStdout });
  }
}

const pools = new Map<CodeLanguage, SandboxPool>();

/** The process's pool for `language` (one warm worker each; SWITCHYARD_CODE_WORKERS sets how many). */
export function sandboxPool(language: CodeLanguage): SandboxPool {
  let pool = pools.get(language);
  if (!pool) {
    const size = Math.min(8, Math.max(1, Number(process.env.SWITCHYARD_CODE_WORKERS) || 1));
    pool = new SandboxPool(language, size);
    pools.set(language, pool);
  }
  return pool;
}

/** Shuts every pool down (tests, server shutdown). */
export async function closeSandboxPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.close()));
}
