/**
 * Process-wide runtime state kept on globalThis: Next.js may load a module once per route bundle,
 * and the SSE route, the run routes and the run manager must share one event bus and one table of
 * active runs. Tests clear it to simulate a server restart.
 */
import type { TraceEvent } from '@/lib/contracts/trace';

export type EventListener = (event: TraceEvent) => void;

export interface ActiveRun {
  runId: string;
  controller: AbortController;
  /** Settles when runGraph returns and the outcome is recorded (never rejects). */
  done: Promise<void>;
}

export interface RuntimeState {
  /** Per-run subscriber sets of the in-process event bus. */
  listeners: Map<string, Set<EventListener>>;
  /** Runs executing in this process. */
  active: Map<string, ActiveRun>;
  /** True once start-up recovery ran in this process. */
  recovered: boolean;
  /** The run threads (threads/pool.ts RunThreadPool), once a run was handed to them. */
  threads?: { terminate(): void };
}

const KEY = Symbol.for('switchyard.runtime');
type GlobalWithRuntime = typeof globalThis & { [KEY]?: RuntimeState };

export function runtimeState(): RuntimeState {
  const g = globalThis as GlobalWithRuntime;
  let s = g[KEY];
  if (!s) {
    s = { listeners: new Map(), active: new Map(), recovered: false };
    g[KEY] = s;
  }
  return s;
}

/**
 * Forget everything held in memory (tests: simulate a process crash/restart). Active runs are
 * aborted, and their recorders stop writing (see event-recorder.ts), as if the process had died;
 * run threads are terminated.
 */
export function resetRuntimeState(): void {
  const g = globalThis as GlobalWithRuntime;
  const s = g[KEY];
  s?.threads?.terminate(); // first: the aborts below must not reach the threads as cancels
  if (s) for (const run of s.active.values()) run.controller.abort(new Error('runtime reset'));
  delete g[KEY];
}
