/**
 * Start-up recovery: runs left `running` or `queued` by a crash or restart are marked `interrupted`
 * with a `run.interrupted` event `{ reason: 'server_restart' }`; then every `interrupted` run is
 * resumed from its last checkpoint, as POST /api/runs/:id/resume { value: { action: 'continue' } }
 * would (its finished model and tool calls are recalled from the call journal, not made again),
 * unless SWITCHYARD_AUTO_RESUME=off (they then wait for that resume), or it was cut short
 * MAX_RESUMES_AT_ONE_STEP times in a row at the same step (a run that brings the server down is not
 * started again at every start: it waits for a resume by hand). Paused runs (human nodes,
 * breakpoints) need nothing: their checkpoint holds the pause and they resume as usual.
 *
 * Store outages (store-outage.ts): a run whose writes gave up waiting for the database is taken
 * back here once the database answers again: marked `interrupted` `{ reason: 'store_unavailable' }`
 * and resumed the same way (or left interrupted with SWITCHYARD_AUTO_RESUME=off).
 */
import 'server-only';
import { isMainThread } from 'node:worker_threads';
import { getStore } from '@/db/store';
import { isStoreUnavailable } from '@/db/store/outage';
import type { RunRow } from '@/db/runs';
import { queueUrl } from './config';
import { runtimeState } from './globals';
import { recordRunEvent } from './event-recorder';
import { resumeRun } from './run-manager';
import { onRunThreadOutage, type ThreadOutageHandler } from './threads/pool';
import { noteStranded, parkedCommits, releaseStrandedRun, setStrandedHandler, strandedNotice } from './store-outage';
import { INTERRUPTED_REASONS, RUN_SPAN_ID, SERVER_RESTART_REASON, STORE_OUTAGE_REASON } from '@/lib/contracts/trace';

export interface RecoveryReport {
  interrupted: string[];
  /** Interrupted runs resumed by this start (none with SWITCHYARD_AUTO_RESUME=off). */
  resumed: string[];
}

type Env = Record<string, string | undefined>;

/** Whether interrupted runs resume by themselves (SWITCHYARD_AUTO_RESUME, default on; `off`, `0`, `false`, `no` turn it off). */
export function autoResume(env: Env = process.env): boolean {
  return !/^(off|0|false|no)$/i.test(env.SWITCHYARD_AUTO_RESUME?.trim() ?? '');
}

/** Records the run.interrupted that makes a running run `interrupted`, at its last checkpoint. */
async function markInterrupted(run: Pick<RunRow, 'id' | 'status'>, reason: typeof SERVER_RESTART_REASON | typeof STORE_OUTAGE_REASON): Promise<void> {
  const cp = await getStore().checkpoints.latest(run.id);
  const step = cp?.step ?? 0;
  const where = cp ? `after step ${step}` : 'before its first step';
  const why = reason === SERVER_RESTART_REASON ? `The server restarted while this run was ${run.status}.` : 'The database was unavailable for longer than the run waits (SWITCHYARD_STORE_RETRY_S).';
  await recordRunEvent(run.id, {
    type: 'run.interrupted',
    step,
    node: cp?.next[0] ?? 'START',
    span_id: RUN_SPAN_ID,
    data: {
      kind: 'breakpoint',
      reason,
      node: cp?.next[0] ?? 'START',
      next: cp?.next ?? [],
      prompt: `${why} It stopped ${where}; resume it to continue from there.`,
    },
  });
}

/** Restarts at one checkpoint after which a run is no longer resumed by itself (it may be what brings the server down). */
export const MAX_RESUMES_AT_ONE_STEP = 3;
const PAGE = 1000;

/** How many times in a row the run was cut short at its last checkpoint's step (its interruption markers, newest first). */
async function cutsAtSameStep(runId: string): Promise<number> {
  const steps: number[] = [];
  for (let after = 0; ; ) {
    const page = await getStore().events.list(runId, after, PAGE);
    for (const e of page) if (e.type === 'run.interrupted' && INTERRUPTED_REASONS.includes(e.data.reason)) steps.push(e.step);
    if (page.length < PAGE) break;
    after = page[page.length - 1].seq;
  }
  let n = 0;
  for (let i = steps.length - 1; i >= 0 && steps[i] === steps[steps.length - 1]; i--) n++;
  return n;
}

/** Resumes interrupted runs from their checkpoints; a run another process claimed first (409) is skipped. */
async function resumeInterrupted(ids: string[]): Promise<string[]> {
  const resumed: string[] = [];
  for (const id of ids) {
    try {
      const cuts = await cutsAtSameStep(id);
      if (cuts >= MAX_RESUMES_AT_ONE_STEP) {
        console.error(`[switchyard] run ${id}: interrupted ${cuts} times at the same step; not resumed by itself (resume it by hand once the cause is fixed)`);
        continue;
      }
      await resumeRun(id, { action: 'continue' });
      resumed.push(id);
    } catch (err) {
      console.error(`[switchyard] run ${id}: resuming it after the interruption failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (resumed.length) console.log(`[switchyard] resumed ${resumed.length} interrupted run(s) from their last checkpoint`);
  return resumed;
}

async function recoverInterruptedRuns(): Promise<RecoveryReport> {
  const state = runtimeState();
  state.recovered = true;
  watchStrandedRuns();
  const store = getStore();
  const interrupted: string[] = [];
  // Queue mode: runs belong to the queue's workers; a dead worker's run is taken over by another
  // (BullMQ stalled jobs, lib/runtime/queue/worker.ts), never marked here.
  const leftOver = queueUrl() ? [] : await store.runs.listWithStatus(['running', 'queued']);
  for (const run of leftOver) {
    if (state.active.has(run.id)) continue; // started by this process: not left over
    await markInterrupted(run, SERVER_RESTART_REASON);
    interrupted.push(run.id);
  }
  if (!autoResume()) return { interrupted, resumed: [] };
  const waiting = (await store.runs.listWithStatus(['interrupted'])).map((r) => r.id).filter((id) => !state.active.has(id));
  return { interrupted, resumed: await resumeInterrupted(waiting) };
}

/** Runs recovery once per process (idempotent); called by the server's start-up, lib/server/startup.ts. */
export async function ensureRecovered(): Promise<RecoveryReport | null> {
  if (runtimeState().recovered) return null;
  return recoverInterruptedRuns();
}

/**
 * Takes back the runs of this process that a store outage strands (store-outage.ts): start-up
 * recovery calls it, and so must any process or thread that executes runs without it (a queue worker).
 */
export function watchStrandedRuns(onThread?: ThreadOutageHandler): void {
  if (!onThread) {
    setStrandedHandler((runId, settled) => takeBackWhenStoreReturns(runId, settled, resumeInterrupted));
    // What a run thread reports of its stranded runs (run-thread.ts, below).
    if (isMainThread) onRunThreadOutage({ stranded: noteStranded, released: releaseStrandedRun, resume: (runIds) => void resumeInterrupted(runIds) });
    return;
  }
  // On a run thread: this thread holds the run's unwritten steps, so it takes the run back; the
  // server's thread ends the run's SSE streams meanwhile and resumes it (admission, threads).
  setStrandedHandler((runId, settled) => {
    onThread.stranded(runId, strandedNotice(runId)?.message ?? 'The database is unavailable.');
    takeBackWhenStoreReturns(runId, settled, async (runIds) => onThread.resume(runIds), onThread.released);
  });
}


const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Back-off between looks at the store while it is away. */
const FIRST_LOOK_MS = 250;
const MAX_LOOK_MS = 5000;

/**
 * Writes the run's step commits that gave up waiting for the database, oldest first (each taken off
 * the list once written): the calls that finished meanwhile are in the journal before the run resumes.
 * One already stored (its COMMIT reached the server, its answer was lost) is refused as a duplicate: skipped.
 */
async function writeParked(runId: string): Promise<void> {
  const parked = parkedCommits(runId);
  while (parked.length) {
    try {
      await getStore().steps.commit(runId, parked[0]);
    } catch (err) {
      if ((err as { code?: unknown; cause?: { code?: unknown } }).code !== '23505' && (err as { cause?: { code?: unknown } }).cause?.code !== '23505') throw err;
    }
    parked.shift();
  }
}

/**
 * A run stranded by a store outage: once its execution has stopped and its writes have ended, waits
 * (with back-off, for as long as it takes) until the store answers, marks the run interrupted and,
 * with auto-resume on, resumes it.
 */
function takeBackWhenStoreReturns(runId: string, settled: Promise<unknown>, resume: (runIds: string[]) => Promise<unknown>, released: (runId: string) => void = () => {}): void {
  void (async () => {
    await settled.catch(() => undefined);
    await runtimeState().active.get(runId)?.done;
    await settled.catch(() => undefined);
    for (let delay = FIRST_LOOK_MS; ; delay = Math.min(delay * 2, MAX_LOOK_MS)) {
      await sleep(delay);
      try {
        await writeParked(runId);
        const run = await getStore().runs.get(runId);
        if (run && (run.status === 'running' || run.status === 'queued')) {
          await markInterrupted(run, STORE_OUTAGE_REASON);
          releaseStrandedRun(runId);
          released(runId);
          if (autoResume()) await resume([runId]);
        } else {
          releaseStrandedRun(runId); // ended or resumed meanwhile (a cancel, another process)
          released(runId);
        }
        return;
      } catch (err) {
        if (isStoreUnavailable(err)) continue;
        releaseStrandedRun(runId);
        released(runId);
        console.error(`[switchyard] run ${runId}: taking it back after the store outage failed`, err);
        return;
      }
    }
  })();
}
