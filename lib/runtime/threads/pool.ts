/**
 * Run threads (SWITCHYARD_RUN_THREADS, default min(4, CPUs)): in single-process mode runs execute on
 * worker threads instead of the server's event loop, so a hundred runs streaming tokens and writing
 * their traces do not hold up HTTP requests (GET /api/health among them). Admission control, the
 * table of active runs and the event bus stay on the server's thread: the run manager admits a run,
 * lists it as active, and hands its job to a thread here; the thread (run-thread.ts) executes it as
 * a queue-mode worker does (../run-job.ts) and posts its events back, which this side publishes on
 * the server's bus (SSE, waiting chat completions, waitUntilSettled). A cancel (the run's abort
 * signal) is posted to the thread holding it.
 *
 * The threads load the TypeScript sources through tsx, like the parse worker
 * (lib/server/import-worker.ts): Next's build does not bundle a worker's entry. That takes seconds:
 * the server starts them at start-up (warmRunThreads), and until one is loaded runs execute on the
 * server's thread. Where they cannot load (no sources or no tsx next to the server), runs execute
 * on the server's thread as before and the log says so once. A thread that dies (not terminated) hands its runs to another thread,
 * which continues them from their last checkpoint (their finished calls recalled from the call
 * journal) up to TAKEOVERS times; after that the run fails.
 */
import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RUN_SPAN_ID } from '@/lib/contracts/trace';
import { runThreads } from '../config';
import { publish } from '../event-bus';
import { recordRunEvent } from '../event-recorder';
import { runtimeState } from '../globals';
import type { RunJobData } from '../queue/jobs';
import type { FromThread, ToThread } from './protocol';

/** A run job (its launch arguments opaque here: run-manager.ts hands them over, the thread reads them). */
type Job = RunJobData<object>;

/** How many times a run is handed to another thread after the one executing it died. */
const TAKEOVERS = 2;

/** The run thread's TypeScript entry in the working directory (the repository: tests, `npm run dev`, `npm start`). */
const defaultEntry = () => path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib', 'runtime', 'threads', 'run-thread.ts');

interface Held {
  job: Job;
  takeovers: number;
  settle: () => void;
}

interface Slot {
  worker: Worker;
  /** The thread loaded its code and takes runs. */
  up: boolean;
  ready: Promise<void>;
  runs: Map<string, Held>;
}

/** What the server's thread does with the runs a store outage strands on a thread (set by recovery.ts watchStrandedRuns; a thread reports through the same shape). */
export interface ThreadOutageHandler {
  stranded(runId: string, message: string): void;
  released(runId: string): void;
  resume(runIds: string[]): void;
}
let outage: ThreadOutageHandler | null = null;
export function onRunThreadOutage(handler: ThreadOutageHandler): void {
  outage = handler;
}

/** The threads' code could not be loaded: the run executes on the server's thread. */
export class RunThreadsUnavailable extends Error {
  override readonly name = 'RunThreadsUnavailable';
}

/** Whether `err` is a RunThreadsUnavailable (of whichever copy of this module: Next may load one per route bundle). */
export function isRunThreadsUnavailable(err: unknown): boolean {
  return err instanceof Error && err.name === 'RunThreadsUnavailable';
}

export interface RunThreadStats {
  /** Threads started (alive or not). */
  started: number;
  /** Runs a thread reported done, per thread id (never 0: the server's thread). */
  done: Record<number, number>;
}

export class RunThreadPool {
  private readonly slots: Slot[] = [];
  private unavailable: string | null = null;
  private terminated = false;
  readonly stats: RunThreadStats = { started: 0, done: {} };

  /** `entry`: the thread's entry file (tests: one that is missing, or does not load). */
  constructor(
    private readonly size: number,
    private readonly opts: { entry?: string } = {},
  ) {}

  /**
   * Executes the job on a thread: resolves true once it is done there, or false at once when no
   * thread took it (none loaded yet, or they cannot load): the caller executes it on its own thread.
   * An abort of `signal` cancels the run.
   */
  async execute(job: Job, signal: AbortSignal): Promise<boolean> {
    const slot = this.loadedSlot();
    if (!slot) return false;
    await new Promise<void>((settle) => {
      this.dispatch(slot, { job, takeovers: 0, settle });
      const onAbort = () => this.send(job.runId, { kind: 'cancel', runId: job.runId });
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    return true;
  }

  /**
   * Starts `count` threads (default: all; server start-up, tests); resolves once one takes runs,
   * rejects with RunThreadsUnavailable.
   */
  async warm(count = this.size): Promise<void> {
    this.check();
    while (this.slots.length < Math.min(count, this.size)) this.start();
    await this.firstReady();
  }

  /** The least busy loaded thread, or null; starts threads as runs come (a thread takes seconds to load). */
  private loadedSlot(): Slot | null {
    if (this.unavailable !== null) return null;
    try {
      return this.pick();
    } catch {
      return null; // could not start a thread (logged once)
    }
  }

  private check(): void {
    if (this.unavailable !== null) throw new RunThreadsUnavailable(this.unavailable);
  }

  /** The least busy loaded thread, waiting for one to load (a run taken over from a thread that died). */
  private async slotFor(): Promise<Slot> {
    for (;;) {
      this.check();
      const best = this.pick();
      if (best) return best;
      await this.firstReady();
    }
  }

  /** The least busy loaded thread (null: none); when it is busy and no thread is loading, another starts for the runs to come. */
  private pick(): Slot | null {
    const up = this.slots.filter((s) => s.up);
    const best = up.length ? up.reduce((a, b) => (b.runs.size < a.runs.size ? b : a)) : null;
    if ((!best || best.runs.size > 0) && this.slots.length < this.size && !this.slots.some((s) => !s.up)) this.start();
    return best;
  }

  private async firstReady(): Promise<void> {
    if (!this.slots.length) this.start();
    await Promise.any(this.slots.map((s) => s.ready)).catch(() => this.check());
  }

  /** Stops every thread now (a simulated crash in tests, or shutdown): their runs stop where they are. */
  terminate(): void {
    this.terminated = true;
    for (const slot of this.slots.splice(0)) {
      void slot.worker.terminate();
      for (const held of slot.runs.values()) held.settle();
      slot.runs.clear();
    }
  }

  /** Stops the thread executing `runId` as if it had crashed (tests): its runs go to other threads. */
  async stopThreadOf(runId: string): Promise<void> {
    await this.slots.find((s) => s.runs.has(runId))?.worker.terminate();
  }

  private dispatch(slot: Slot, held: Held): void {
    slot.runs.set(held.job.runId, held);
    const m: ToThread = { kind: 'run', job: held.job, env: { ...process.env } };
    slot.worker.postMessage(m);
  }

  private send(runId: string, m: ToThread): void {
    this.slots.find((s) => s.runs.has(runId))?.worker.postMessage(m);
  }

  private start(): Slot {
    const entry = this.opts.entry ?? defaultEntry();
    let worker: Worker;
    let markReady!: () => void;
    let markFailed!: (err: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    try {
      if (!existsSync(entry)) throw new Error(`${entry} is not there (run threads load the sources through tsx)`);
      const boot =
        `const { parentPort } = require('node:worker_threads');` +
        `(async () => { (await import('tsx/esm/api')).register(); await import(${JSON.stringify(pathToFileURL(entry).href)}); })()` +
        `.catch((e) => parentPort.postMessage({ kind: 'unavailable', message: String(e && e.message || e) }));`;
      worker = new Worker(boot, { eval: true, execArgv: ['--conditions=react-server'], name: 'switchyard-run-thread' });
    } catch (err) {
      this.fail(err instanceof Error ? err.message : String(err));
      throw new RunThreadsUnavailable(this.unavailable!);
    }
    worker.unref();
    this.stats.started++;
    const slot: Slot = { worker, up: false, ready, runs: new Map() };
    ready.catch(() => undefined);
    this.slots.push(slot);
    worker.on('message', (m: FromThread) => {
      switch (m.kind) {
        case 'ready':
          slot.up = true;
          return markReady();
        case 'events':
          for (const e of m.events) publish(e);
          return;
        case 'done': {
          const held = slot.runs.get(m.runId);
          slot.runs.delete(m.runId);
          this.stats.done[worker.threadId] = (this.stats.done[worker.threadId] ?? 0) + 1;
          return held?.settle();
        }
        case 'stranded':
          if (m.message === null) return outage?.released(m.runId);
          return outage?.stranded(m.runId, m.message);
        case 'resume':
          return outage?.resume(m.runIds);
        case 'unavailable':
          this.fail(m.message);
          markFailed(new RunThreadsUnavailable(m.message));
          void worker.terminate();
          return;
      }
    });
    worker.on('error', (err) => {
      if (!slot.up) {
        this.fail(err.message);
        markFailed(new RunThreadsUnavailable(err.message));
      } else console.error('[switchyard] a run thread failed', err);
    });
    worker.on('exit', (code) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      if (!slot.up && !this.terminated) {
        this.fail(`the run thread exited (${code}) before it was ready`);
        markFailed(new RunThreadsUnavailable(this.unavailable!));
      }
      if (this.terminated || !slot.runs.size) return;
      const orphans = [...slot.runs.values()];
      slot.runs.clear();
      for (const held of orphans) void this.takeOver(held, code);
    });
    return slot;
  }

  /** A run whose thread died: to another thread (from its last checkpoint), or failed after TAKEOVERS. */
  private async takeOver(held: Held, code: number): Promise<void> {
    const { runId } = held.job;
    if (held.takeovers < TAKEOVERS && this.unavailable === null) {
      console.error(`[switchyard] run ${runId}: its run thread exited (${code}); another thread continues it from its last checkpoint`);
      try {
        const slot = await this.slotFor();
        return this.dispatch(slot, { ...held, takeovers: held.takeovers + 1 });
      } catch {
        // no thread can take it: it fails below
      }
    }
    const message = `The run thread executing this run stopped (exit code ${code}) ${held.takeovers + 1} times; the run was failed.`;
    await recordRunEvent(runId, { type: 'run.failed', step: 0, span_id: RUN_SPAN_ID, data: { error: { code: 'internal', message } } }).catch((err: unknown) =>
      console.error(`[switchyard] run ${runId}: recording that its thread stopped failed`, err),
    );
    held.settle();
  }

  private fail(message: string): void {
    if (this.unavailable !== null) return;
    this.unavailable = message;
    console.error(`[switchyard] run threads could not start (${message}); runs execute on the server's thread`);
  }
}

/**
 * This process's run threads, or null when runs execute on the server's thread: SWITCHYARD_RUN_THREADS=0,
 * an in-memory SQLite database (a thread's connection would open another, empty one), or threads
 * that could not load. Kept with the runtime state: a simulated restart (resetRuntimeState) stops them.
 */
export function runThreadPool(size: number): RunThreadPool | null {
  if (size <= 0 || process.env.SWITCHYARD_DB?.trim() === ':memory:') return null;
  const state = runtimeState();
  state.threads ??= new RunThreadPool(size);
  return state.threads as RunThreadPool;
}

/** Stats of this process's run threads (tests, benchmarks): null when none were asked for. */
export function runThreadStats(): RunThreadStats | null {
  const pool = runtimeState().threads as RunThreadPool | undefined;
  return pool?.stats ?? null;
}

/**
 * Resolves once one of this process's run threads (if any) takes runs, they could not load, or
 * `maxMs` passed (test servers: until one is loaded runs execute on the server's thread; a test
 * that needs a thread waits for RunThreadPool.warm itself).
 */
export async function runThreadsReady(maxMs: number, size = runThreads()): Promise<void> {
  const pool = runThreadPool(size);
  if (!pool) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([pool.warm(1).catch(() => undefined), new Promise<void>((r) => (timer = setTimeout(r, maxMs)))]);
  clearTimeout(timer);
}

/** Starts this process's run threads in the background (server start-up): the first run need not wait for them to load. `log`: say so once loaded. */
export function warmRunThreads(opts: { log?: boolean } = {}, size = runThreads()): void {
  runThreadPool(size)
    ?.warm()
    .then(
      () => opts.log !== false && console.log(`[switchyard] runs execute on ${size} run thread(s) (SWITCHYARD_RUN_THREADS)`),
      () => undefined, // logged once by the pool; runs then execute on the server's thread
    );
}
