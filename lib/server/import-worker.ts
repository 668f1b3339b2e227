/**
 * The parse worker of lib/server/import-gate.ts: one worker thread per large YAML import or JSON
 * graph save (./import-parse-worker.ts doing a job of ./parse-jobs.ts), with a heap of at most
 * PARSE_HEAP_MB and at most PARSE_TIMEOUT_MS; past either it is stopped and the document refused
 * (the problem too_large / too_slow, a 422).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { Problem } from '@/lib/graph/problems';
import { runParseJob, type AnswerOf, type ParseJob } from './parse-jobs';

/** Heap of a parse worker: a 1 MiB document at the node cap fits. */
const PARSE_HEAP_MB = 512;
const PARSE_TIMEOUT_MS = 30_000;

/** The job's answer, or the problem that stopped its worker. */
export type ParseOutcome<J extends ParseJob> = { ok: true; answer: AnswerOf<J> } | { ok: false; problem: Problem };

const READING = { yaml: 'reading the YAML', json: 'reading the JSON' } as const;

function stopped(code: 'too_large' | 'too_slow', message: string): { ok: false; problem: Problem } {
  return { ok: false, problem: { severity: 'error', code, message, path: '', line: 1, col: 1 } };
}

const KEY = Symbol.for('switchyard.parse-worker');
type G = typeof globalThis & { [KEY]?: Record<ParseJob['kind'], number> };
const answered = () => ((globalThis as G)[KEY] ??= { yaml: 0, json: 0 });

/** Jobs of this kind a worker thread has answered (tests: the large path is taken). */
export function workerAnswers(kind: ParseJob['kind']): number {
  return answered()[kind];
}

/** The entry's TypeScript source in the working directory (the repository: tests, `npm run dev`, `npm start`). */
const SOURCE_ENTRY = path.join(process.cwd(), 'lib', 'server', 'import-parse-worker.ts');

/**
 * The parse worker. A worker does not inherit a loader's hooks, and Next's build copies the entry
 * as a file rather than bundling it, so from a checkout the worker runs the entry's source through
 * tsx (resolved from the working directory), registered before the entry is imported. Elsewhere (no
 * sources next to the server) it starts what the bundler made of the URL below; when that cannot
 * load, the job is done on the server's thread (ParseWorkerUnavailable).
 */
function startWorker(options: WorkerOptions): Worker {
  if (!existsSync(SOURCE_ENTRY)) return new Worker(new URL('./import-parse-worker.ts', import.meta.url), options);
  const entry = JSON.stringify(pathToFileURL(SOURCE_ENTRY).href);
  const boot = `(async () => { (await import('tsx/esm/api')).register(); await import(${entry}); })()`;
  return new Worker(boot, { ...options, eval: true });
}

/** The worker's entry could not be loaded (a build without it). */
class ParseWorkerUnavailable extends Error {}

const LOAD_FAILURES = new Set(['ERR_UNKNOWN_FILE_EXTENSION', 'ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND', 'ERR_WORKER_PATH', 'ERR_WORKER_INIT_FAILED']);

/** Does `job` in a worker thread with a heap and a time limit. */
function inWorker<J extends ParseJob>(job: J, timeoutMs: number): Promise<ParseOutcome<J>> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = startWorker({ workerData: job, resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB } });
    } catch (err) {
      return reject(new ParseWorkerUnavailable(err instanceof Error ? err.message : String(err)));
    }
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => resolve(stopped('too_slow', `${READING[job.kind]} took longer than ${timeoutMs / 1000} s`))), timeoutMs);
    worker.once('message', (answer: AnswerOf<J>) =>
      settle(() => {
        answered()[job.kind]++;
        resolve({ ok: true, answer });
      }),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve(stopped('too_large', `${READING[job.kind]} needs more than ${PARSE_HEAP_MB} MiB of memory`))
          : reject(LOAD_FAILURES.has(err.code ?? '') ? new ParseWorkerUnavailable(err.message) : err),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the parse worker exited (${code}) without a result`))));
  });
}

let warned = false;

/**
 * Does `job` in a worker thread. Should the worker not start (no sources and no bundled entry, or
 * no tsx), the job is done on the server's thread as before, and the server log says so once.
 * `timeoutMs`: the time limit (tests shorten it).
 */
export async function parseOffThread<J extends ParseJob>(job: J, timeoutMs = PARSE_TIMEOUT_MS): Promise<ParseOutcome<J>> {
  try {
    return await inWorker(job, timeoutMs);
  } catch (err) {
    if (!(err instanceof ParseWorkerUnavailable)) throw err;
    if (!warned) console.error(`[switchyard] the parse worker could not start (${err.message}); large imports and saves are parsed on the server's thread`);
    warned = true;
    return { ok: true, answer: runParseJob(job).answer };
  }
}
