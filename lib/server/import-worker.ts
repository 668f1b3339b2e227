/**
 * The YAML parse worker of lib/server/import-gate.ts: one worker thread per large import
 * (./import-parse-worker.ts), with a heap of at most IMPORT_HEAP_MB and at most
 * IMPORT_PARSE_TIMEOUT_MS; past either it is stopped and the import refused (422 too_large /
 * too_slow). Its answer comes back as JSON text (see there) and is assembled a slice at a time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { Problem } from '@/lib/graph/problems';
import type { GraphDocument } from '@/lib/graph/schema';
import { assembleJson, type JsonSlice } from './json-slices';

/** Heap of a parse worker: a 1 MiB document at the node cap fits. */
const IMPORT_HEAP_MB = 512;
const IMPORT_PARSE_TIMEOUT_MS = 30_000;

/** JSON text, as a string or as its UTF-8 bytes. */
export type JsonText = string | Uint8Array<ArrayBuffer>;

/** A parsed import; its warnings already JSON text, as the answer sends them (see jsonWithWarnings). */
export type ImportParse = { ok: true; doc: GraphDocument; warningsJson: JsonText } | { ok: false; errors: Problem[] };

type WorkerResult = { ok: true; doc: JsonSlice[]; warnings: Uint8Array<ArrayBuffer> } | { ok: false; errors: string };

/** The worker's answer as an ImportParse, the document assembled a slice per turn of the event loop. */
async function received(r: WorkerResult): Promise<ImportParse> {
  if (!r.ok) return { ok: false, errors: JSON.parse(r.errors) as Problem[] };
  return { ok: true, doc: (await assembleJson(r.doc)) as GraphDocument, warningsJson: r.warnings };
}

function refused(code: string, message: string): ImportParse {
  const p: Problem = { severity: 'error', code, message, path: '', line: 1, col: 1 };
  return { ok: false, errors: [p] };
}

/** The entry's TypeScript source in the working directory (the repository: tests, `npm run dev`, `npm start`). */
const SOURCE_ENTRY = path.join(process.cwd(), 'lib', 'server', 'import-parse-worker.ts');

/**
 * The parse worker. A worker does not inherit a loader's hooks, and Next's build copies the entry
 * as a file rather than bundling it, so from a checkout the worker runs the entry's source through
 * tsx (resolved from the working directory), registered before the entry is imported. Elsewhere (no
 * sources next to the server) it starts what the bundler made of the URL below; when that cannot
 * load, the caller parses on its own thread (ParseWorkerUnavailable).
 */
function startWorker(options: WorkerOptions): Worker {
  if (!existsSync(SOURCE_ENTRY)) return new Worker(new URL('./import-parse-worker.ts', import.meta.url), options);
  const entry = JSON.stringify(pathToFileURL(SOURCE_ENTRY).href);
  const boot = `(async () => { (await import('tsx/esm/api')).register(); await import(${entry}); })()`;
  return new Worker(boot, { ...options, eval: true });
}

/** The worker's entry could not be loaded (a build without it): the caller may parse on its own thread. */
export class ParseWorkerUnavailable extends Error {}

const LOAD_FAILURES = new Set(['ERR_UNKNOWN_FILE_EXTENSION', 'ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND', 'ERR_WORKER_PATH', 'ERR_WORKER_INIT_FAILED']);

/** Parses in a worker thread with a heap and a time limit. */
export function parseInWorker(text: string, maxBytes: number): Promise<ImportParse> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = startWorker({ workerData: { text, maxBytes }, resourceLimits: { maxOldGenerationSizeMb: IMPORT_HEAP_MB } });
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
    const timer = setTimeout(
      () => settle(() => resolve(refused('too_slow', `reading the YAML took longer than ${IMPORT_PARSE_TIMEOUT_MS / 1000} s`))),
      IMPORT_PARSE_TIMEOUT_MS,
    );
    worker.once('message', (r: WorkerResult) => settle(() => resolve(received(r))));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve(refused('too_large', `reading the YAML needs more than ${IMPORT_HEAP_MB} MiB of memory`))
          : reject(LOAD_FAILURES.has(err.code ?? '') ? new ParseWorkerUnavailable(err.message) : err),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the YAML parse worker exited (${code}) without a result`))));
  });
}

