/**
 * How trace events move a run's row: the status is written in the same transaction as the event
 * that causes it, so a client that sees `run.finished` and then reads the run sees `succeeded`.
 */
import type { RunStatus, TraceEvent } from '@/lib/contracts/trace';
import type { RunUpdate } from '@/db/runs';

const TERMINAL_STATUSES: readonly RunStatus[] = ['succeeded', 'failed', 'cancelled', 'rejected'];
export const TERMINAL_EVENT_TYPES: ReadonlySet<string> = new Set(['run.finished', 'run.failed', 'run.cancelled']);
/** Statuses a run can be resumed from. */
export const RESUMABLE_STATUSES: readonly RunStatus[] = ['paused', 'interrupted'];

export function isTerminalStatus(s: RunStatus): boolean {
  return TERMINAL_STATUSES.includes(s);
}

/** The data of the event recorded when a restart cuts a run short. */
export const SERVER_RESTART_REASON = 'server_restart';

function errorOf(data: Record<string, unknown>): { code: string; message: string } {
  const e = data.error;
  if (e && typeof e === 'object') {
    const { code, message } = e as { code?: unknown; message?: unknown };
    return { code: typeof code === 'string' ? code : 'error', message: typeof message === 'string' ? message : 'The run failed.' };
  }
  return { code: 'error', message: typeof data.message === 'string' ? data.message : 'The run failed.' };
}

/** A run.finished of a run a rejection ended (`status: 'rejected'`): the row's error `{ code: 'rejected', message }`. */
function rejectionOf(data: Record<string, unknown>): { code: string; message: string } | null {
  if (data.status !== 'rejected') return null;
  const r = (data.rejected ?? {}) as { node?: unknown; reason?: unknown };
  const where = typeof r.node === 'string' ? ` at "${r.node}"` : '';
  return { code: 'rejected', message: `Rejected${where}${typeof r.reason === 'string' && r.reason ? `: ${r.reason}` : ''}` };
}

/** The row update an event implies, or null. `usage` is filled by the caller for terminal events. */
export function runUpdateFor(event: TraceEvent, at: Date): RunUpdate | null {
  switch (event.type) {
    case 'run.interrupted':
      return { status: event.data.reason === SERVER_RESTART_REASON ? 'interrupted' : 'paused' };
    case 'run.resumed':
      return { status: 'running' };
    case 'run.finished': {
      const rejected = rejectionOf(event.data);
      if (rejected) return { status: 'rejected', output: null, error: rejected, finishedAt: at };
      return { status: 'succeeded', output: event.data.output ?? null, error: null, finishedAt: at };
    }
    case 'run.failed':
      return { status: 'failed', error: errorOf(event.data), finishedAt: at };
    case 'run.cancelled':
      return { status: 'cancelled', finishedAt: at };
    default:
      return null;
  }
}
