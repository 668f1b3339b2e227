/**
 * Admission control (issue 14): at most SWITCHYARD_MAX_CONCURRENT_RUNS runs execute at once in
 * this process; runs beyond it (starts and resumes alike) wait as `queued`, first come first
 * served, and start as slots free. A queued run whose signal aborts (cancel) leaves the queue.
 * The queue is process-wide (on globalThis, keyed by the runtime state: a simulated restart in
 * tests starts with an empty one).
 */
import { maxConcurrentRuns } from './config';
import { runtimeState, type RuntimeState } from './globals';

interface Waiter {
  runId: string;
  admit: () => void;
}

export class AdmissionQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limit: () => number) {}

  /** Takes a slot if one is free and nobody waits for it (true); else false. */
  tryEnter(): boolean {
    if (this.waiting.length || this.running >= this.limit()) return false;
    this.running++;
    return true;
  }

  /** Waits for a slot in FIFO order: true once admitted (it then holds a slot), false if `signal` aborted first. */
  wait(runId: string, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        runId,
        admit: () => {
          signal.removeEventListener('abort', onAbort);
          resolve(true);
        },
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(false);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
      this.admitWaiting();
    });
  }

  /** Frees a slot: the longest-waiting run starts. */
  leave(): void {
    this.running = Math.max(0, this.running - 1);
    this.admitWaiting();
  }

  /** Run ids waiting, in the order they will start. */
  queued(): string[] {
    return this.waiting.map((w) => w.runId);
  }

  /** Runs holding a slot. */
  active(): number {
    return this.running;
  }

  private admitWaiting(): void {
    while (this.waiting.length && this.running < this.limit()) {
      this.running++;
      this.waiting.shift()!.admit();
    }
  }
}

const KEY = Symbol.for('switchyard.admission');
type GlobalWithAdmission = typeof globalThis & { [KEY]?: WeakMap<RuntimeState, AdmissionQueue> };

/** This process's admission queue (limit read from the environment at every admission). */
export function admissionQueue(): AdmissionQueue {
  const g = globalThis as GlobalWithAdmission;
  const queues = (g[KEY] ??= new WeakMap());
  const state = runtimeState();
  let q = queues.get(state);
  if (!q) {
    q = new AdmissionQueue(() => maxConcurrentRuns());
    queues.set(state, q);
  }
  return q;
}
