/**
 * Runs stranded by a store outage: a run whose step write gave up waiting for the database
 * (`store_unavailable`, db/store/outage.ts) stops writing (its recorder goes quiet, as after a
 * crash), is listed here, and its SSE streams are told (run-event-stream.ts ends them with an
 * `error` event naming the outage instead of leaving them open). Once the database answers again,
 * the handler start-up recovery registers (recovery.ts) marks the run `interrupted` and resumes it
 * from its last checkpoint; its finished calls are recalled from the call journal, not made again.
 * The step commits that gave up are kept here (parked) and written first, so a call that finished
 * while the database was away is recorded, and recalled rather than made again.
 */
import type { StepCommit } from '@/db/store';
export interface OutageNotice {
  code: 'store_unavailable';
  message: string;
}

type Listener = (notice: OutageNotice) => void;

interface OutageState {
  /** Runs of this process waiting for the store, with the message they stopped with. */
  stranded: Map<string, string>;
  listeners: Map<string, Set<Listener>>;
  handler?: Handler;
  /** Per stranded run: settles once the writes its execution had handed to the store have ended. */
  settled: Map<string, Promise<unknown>>;
  /** Per stranded run: its step commits that gave up, in order, not written yet. */
  parked: Map<string, StepCommit[]>;
}

/** Takes a stranded run back; `settled`: wait for it before writing to the run. */
type Handler = (runId: string, settled: Promise<unknown>) => void;

const KEY = Symbol.for('switchyard.store-outage');
type G = typeof globalThis & { [KEY]?: OutageState };
const state = (): OutageState => ((globalThis as G)[KEY] ??= { stranded: new Map(), listeners: new Map(), settled: new Map(), parked: new Map() });

/**
 * Lists `runId` as waiting for the store, tells its streams, and hands it to the recovery handler.
 * `settled`: settles once the writes the run's recorder had handed to the store have ended.
 */
export function strandRun(runId: string, err: unknown, settled: Promise<unknown> = Promise.resolve()): void {
  const s = state();
  if (s.stranded.has(runId)) return;
  s.settled.set(runId, settled);
  const why = err instanceof Error ? err.message : String(err);
  const message = `The run stopped because the database is unavailable (${why}). It resumes from its last checkpoint once the database is back; reconnect to follow it.`;
  console.error(`[switchyard] run ${runId}: ${message}`);
  noteStranded(runId, message);
  s.handler?.(runId, settled);
}

/**
 * Lists the run as waiting for the store and tells its listeners (SSE streams): the whole of
 * strandRun on the thread that executes the run, and all of it the server's thread hears of a run
 * stranded on a run thread (threads/pool.ts).
 */
export function noteStranded(runId: string, message: string): void {
  const s = state();
  s.stranded.set(runId, message);
  for (const listener of [...(s.listeners.get(runId) ?? [])]) {
    try {
      listener({ code: 'store_unavailable', message });
    } catch {
      // a listener that throws does not stop the others
    }
  }
}

/** The run left the list (it was marked interrupted, resumed, or ended otherwise). */
export function releaseStrandedRun(runId: string): void {
  state().stranded.delete(runId);
  state().settled.delete(runId);
  state().parked.delete(runId);
}

/** Keeps a step commit of the run that gave up waiting for the database (written once it is back). */
export function parkCommit(runId: string, c: StepCommit): void {
  const { parked } = state();
  let list = parked.get(runId);
  if (!list) parked.set(runId, (list = []));
  list.push(c);
}

/** The run's parked commits, oldest first (the list itself: shift() each one once written). */
export function parkedCommits(runId: string): StepCommit[] {
  return state().parked.get(runId) ?? [];
}

/** Runs waiting for the store in this process. */
export function strandedRuns(): string[] {
  return [...state().stranded.keys()];
}

/** The notice of a run waiting for the store, or null. */
export function strandedNotice(runId: string): OutageNotice | null {
  const message = state().stranded.get(runId);
  return message === undefined ? null : { code: 'store_unavailable', message };
}

/** Calls `listener` when the run is stranded; returns the unsubscribe function. */
export function onStoreOutage(runId: string, listener: Listener): () => void {
  const { listeners } = state();
  let set = listeners.get(runId);
  if (!set) listeners.set(runId, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (!set.size && listeners.get(runId) === set) listeners.delete(runId);
  };
}

/** Who takes stranded runs back once the store returns (start-up recovery, recovery.ts); runs stranded before are handed over now. */
export function setStrandedHandler(handler: Handler): void {
  const s = state();
  s.handler = handler;
  for (const runId of s.stranded.keys()) handler(runId, s.settled.get(runId) ?? Promise.resolve());
}
