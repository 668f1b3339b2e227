/** The names queue mode uses in Redis (no dependencies: importing them loads no Redis client). */

/** The BullMQ queue holding run jobs (starts, resumes: jobs.ts). */
export const RUN_QUEUE = 'switchyard-runs';
/** Key prefix of everything Switchyard keeps in Redis (BullMQ's keys included). */
export const PREFIX = 'switchyard';
/** The pub/sub channel cancels are sent on (message: the run id). */
export const CANCEL_CHANNEL = `${PREFIX}:cancel`;

/** The pub/sub channel of a run's trace events. */
export function eventChannel(runId: string): string {
  return `${PREFIX}:events:${runId}`;
}
/** The id of the run's latest job. */
export function jobKey(runId: string): string {
  return `${PREFIX}:run-job:${runId}`;
}
/** Set when the run was cancelled: a worker about to take its job records the cancel instead. */
export function cancelKey(runId: string): string {
  return `${PREFIX}:run-cancel:${runId}`;
}
