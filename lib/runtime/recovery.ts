/**
 * Start-up recovery: runs left `running` or `queued` by a crash or restart are marked `interrupted`
 * with a `run.interrupted` event `{ reason: 'server_restart' }`, and can be resumed from their last
 * checkpoint with POST /api/runs/:id/resume { value: { action: 'continue' } }. Paused runs (human
 * nodes, breakpoints) need nothing: their checkpoint holds the pause and they resume as usual.
 */
import 'server-only';
import { getStore } from '@/db/store';
import { queueUrl } from './config';
import { runtimeState } from './globals';
import { recordRunEvent } from './event-recorder';
import { RUN_SPAN_ID, SERVER_RESTART_REASON } from '@/lib/contracts/trace';

export interface RecoveryReport {
  interrupted: string[];
}

async function recoverInterruptedRuns(): Promise<RecoveryReport> {
  const state = runtimeState();
  state.recovered = true;
  const store = getStore();
  const interrupted: string[] = [];
  // Queue mode: runs belong to the queue's workers; a dead worker's run is taken over by another
  // (BullMQ stalled jobs, lib/runtime/queue/worker.ts), never marked here.
  const leftOver = queueUrl() ? [] : await store.runs.listWithStatus(['running', 'queued']);
  for (const run of leftOver) {
    if (state.active.has(run.id)) continue; // started by this process: not left over
    const cp = await store.checkpoints.latest(run.id);
    const step = cp?.step ?? 0;
    const where = cp ? `after step ${step}` : 'before its first step';
    await recordRunEvent(run.id, {
      type: 'run.interrupted',
      step,
      node: cp?.next[0] ?? 'START',
      span_id: RUN_SPAN_ID,
      data: {
        kind: 'breakpoint',
        reason: SERVER_RESTART_REASON,
        node: cp?.next[0] ?? 'START',
        next: cp?.next ?? [],
        prompt: `The server restarted while this run was ${run.status}. It stopped ${where}; resume it to continue from there.`,
      },
    });
    interrupted.push(run.id);
  }
  return { interrupted };
}

/** Runs recovery once per process (idempotent); called by the server's start-up, lib/server/startup.ts. */
export async function ensureRecovered(): Promise<RecoveryReport | null> {
  if (runtimeState().recovered) return null;
  return recoverInterruptedRuns();
}
