/**
 * The bench-only channel between bench/load.ts and its server process (bench/load-server.ts) for the
 * server's event-loop delay: the parent sends `eld-reset` before a level and `eld-read` after it;
 * the server answers with its monitorEventLoopDelay histogram since the reset, in ms.
 */
import type { Histogram } from 'node:perf_hooks';

export type EventLoopMessage = 'eld-reset' | 'eld-read';

export interface EventLoopReport {
  kind: 'eld';
  /** Samples in the histogram (0: nothing measured). */
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * The sampling interval of the server's monitorEventLoopDelay. Its histogram records each interval
 * between samples whole (idle, a 10 ms resolution reads ~10.1 ms), so the report subtracts it.
 */
export const RESOLUTION_MS = 5;

/** The histogram (ns) as a report: ms of delay beyond the sampling interval. */
export function eventLoopReport(h: Histogram): EventLoopReport {
  const ms = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  return { kind: 'eld', count: h.count, p50Ms: ms(h.percentile(50)), p99Ms: ms(h.percentile(99)), maxMs: ms(h.max) };
}

export function isEventLoopReport(x: unknown): x is EventLoopReport {
  return typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'eld';
}
