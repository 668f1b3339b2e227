/**
 * npm run worker: a queue-mode worker (lib/runtime/queue/worker.ts). Needs SWITCHYARD_QUEUE
 * (redis://…) and the same database as the web processes (SWITCHYARD_DB, on the same machine), plus
 * the model environment (OPENAI_API_KEY...) and SWITCHYARD_SECRET_KEY if the server has one.
 * Prints `switchyard worker <id> ready` once it takes jobs. SIGTERM or SIGINT: stops taking jobs and
 * exits once its running runs ended; a second signal exits at once (another worker takes the runs
 * over from their last checkpoints).
 */
import { startRunWorker } from '../lib/runtime/queue/worker';

const worker = await startRunWorker().catch((err: unknown) => {
  console.error(`switchyard worker: cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
console.log(`switchyard worker ${worker.id} ready`);
let stopping = false;
const stop = (signal: string) => {
  if (stopping) process.exit(130);
  stopping = true;
  console.log(`switchyard worker: ${signal}, finishing running runs (again to exit now)`);
  void worker.close().then(() => process.exit(0));
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
