/**
 * The Switchyard server of bench/load.ts as its own process: the real route handlers (app/api/**)
 * over real HTTP (lib/testing/api-server.ts, after the server's start-up as instrumentation.ts runs
 * it), on the SQLite file in SWITCHYARD_DB, talking to the mock model at OPENAI_BASE_URL. Prints
 * its base URL as the first line of stdout; its CPU is read from outside (/proc/<pid>/stat), so it
 * serves no extra route. With BENCH_CPU_PROFILE=<dir> it is started under `node --cpu-prof`.
 */
import { startApiServer } from '@/lib/testing/api-server';

const api = await startApiServer();
console.log(api.url);
process.on('SIGTERM', () => {
  setTimeout(() => process.exit(0), 2000).unref(); // the CPU profile is written on exit: do not wait forever on a connection
  void api.close().finally(() => process.exit(0));
});
