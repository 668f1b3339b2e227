/**
 * How trace events move a run's row: the status is written in the same transaction as the event
 * that causes it, so a client that sees `run.finished` and then reads the run sees `succeeded`.
 * What an event means for the run (status, error, answer) is the run fold's step
 * (lib/contracts/trace-fold.ts); the terminal statuses and end events are the contract's.
 */
import type { RunStatus, TraceEvent } from '@/lib/contracts/trace';
import { EMPTY_RUN, foldRunEvent } from '@/lib/contracts/trace-fold';
import type { RunUpdate } from '@/db/runs';

export { isTerminalStatus, SERVER_RESTART_REASON } from '@/lib/contracts/trace';

/** Statuses a run can be resumed from. */
export const RESUMABLE_STATUSES: readonly RunStatus[] = ['paused', 'interrupted'];

/** The row update an event implies, or null. `usage` is filled by the caller for terminal events. */
export function runUpdateFor(event: TraceEvent, at: Date): RunUpdate | null {
  // run.started is recorded with the row already `running` (the run manager sets it): no update.
  if (event.type === 'run.started') return null;
  const run = foldRunEvent(EMPTY_RUN, event);
  if (run === EMPTY_RUN || !run.status) return null;
  switch (run.endType) {
    case 'run.finished':
      return { status: run.status, output: run.output ?? null, error: run.error, finishedAt: at };
    case 'run.failed':
      return { status: run.status, error: run.error, finishedAt: at };
    case 'run.cancelled':
      return { status: run.status, finishedAt: at };
    default:
      return { status: run.status };
  }
}
