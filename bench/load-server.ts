/**
 * The Switchyard server of bench/load.ts as its own process: the real route handlers (app/api/**)
 * over real HTTP (lib/testing/api-server.ts, after the server's start-up as instrumentation.ts runs
 * it), on the SQLite file in SWITCHYARD_DB or the Postgres database in DATABASE_URL, talking to the
 * mock model at OPENAI_BASE_URL. Prints its base URL as the first line of stdout; its CPU is read
 * from outside (/proc/<pid>/stat), so it serves no extra route. With BENCH_CPU_PROFILE=<dir> it is
 * started under `node --cpu-prof`.
 *
 * Event-loop delay: only when started with an IPC channel (bench/spawn-server.ts does so when asked),
 * this process samples its own event-loop delay (perf_hooks monitorEventLoopDelay, bench/event-loop-channel.ts)
 * and answers the parent's `eld-reset` / `eld-read` messages; a server started otherwise has no such
 * channel and no route for it.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startApiServer } from '@/lib/testing/api-server';
import { eventLoopReport, RESOLUTION_MS, type EventLoopMessage } from './event-loop-channel';

const api = await startApiServer();
if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  process.on('message', (msg: EventLoopMessage) => {
    if (msg === 'eld-reset') histogram.reset();
    if (msg === 'eld-read') process.send!(eventLoopReport(histogram));
  });
  process.channel?.unref(); // the channel alone does not keep the server alive
}
console.log(api.url);
process.on('SIGTERM', () => {
  setTimeout(() => process.exit(0), 2000).unref(); // the CPU profile is written on exit: do not wait forever on a connection
  void api.close().finally(() => process.exit(0));
});
