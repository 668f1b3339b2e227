/**
 * Bounded YAML imports (issue 11 item 4).
 * - The body is read as a stream and refused past SWITCHYARD_MAX_IMPORT_BYTES (default 1 MiB): 413.
 * - At most SWITCHYARD_MAX_CONCURRENT_IMPORTS imports (default 2) are parsed and stored at a time;
 *   one more is refused at once, not queued: 429 `rate_limited` with `Retry-After: 1`. The slot is
 *   taken after the body is read, so the count bounds the costly part (a parse holds about 250 times
 *   its text in memory), and a slow client cannot hold one.
 * - The parse (lib/graph/yaml.ts, itself capped at MAX_YAML_NODES nodes) of anything larger than
 *   INLINE_PARSE_CHARS runs in a worker thread, so the server keeps answering while it works (a
 *   909 KB document takes over a second), with a heap of at most IMPORT_HEAP_MB and at most
 *   IMPORT_PARSE_TIMEOUT_MS; past either the worker is stopped and the import refused (422).
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { AppError } from '@/lib/errors';
import type { Problem } from '@/lib/graph/problems';
import { operatorConfigProblems, type ValidationContext } from '@/lib/graph/validate-tools';
import { parseGraphYaml, type ParseResult } from '@/lib/graph/yaml';
import { readBytes } from './body';

export const DEFAULT_MAX_IMPORT_BYTES = 1024 * 1024;
export const DEFAULT_MAX_CONCURRENT_IMPORTS = 2;
/** Texts up to this many characters parse on the event loop (tens of milliseconds at most). */
const INLINE_PARSE_CHARS = 32 * 1024;
/** Heap of a parse worker: a 1 MiB document at the node cap fits. */
const IMPORT_HEAP_MB = 512;
const IMPORT_PARSE_TIMEOUT_MS = 30_000;

type Env = Record<string, string | undefined>;

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = Number(raw?.trim() || NaN);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export interface ImportLimits {
  maxBytes: number;
  maxConcurrent: number;
}

/** The caps from the environment (a missing or bad value is the default). */
export function importLimits(env: Env = process.env): ImportLimits {
  return {
    maxBytes: positiveInt(env.SWITCHYARD_MAX_IMPORT_BYTES, DEFAULT_MAX_IMPORT_BYTES),
    maxConcurrent: positiveInt(env.SWITCHYARD_MAX_CONCURRENT_IMPORTS, DEFAULT_MAX_CONCURRENT_IMPORTS),
  };
}

function sizeText(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/** The import body, at most `maxBytes` (413 naming the limit and SWITCHYARD_MAX_IMPORT_BYTES). */
export async function readImportBody(req: Request, { maxBytes }: ImportLimits): Promise<Uint8Array> {
  try {
    return await readBytes(req, maxBytes);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'payload_too_large') throw err;
    const message = `the import is larger than ${sizeText(maxBytes)} (SWITCHYARD_MAX_IMPORT_BYTES=${maxBytes})`;
    throw new AppError('payload_too_large', message, { max_bytes: maxBytes });
  }
}

const KEY = Symbol.for('switchyard.import-gate');
type G = typeof globalThis & { [KEY]?: { active: number } };
const slots = () => ((globalThis as G)[KEY] ??= { active: 0 });

/** Imports running now (tests). */
export function activeImports(): number {
  return slots().active;
}

/** Runs `fn` in an import slot; 429 with Retry-After when all `maxConcurrent` are taken. */
export async function withImportSlot<T>({ maxConcurrent }: ImportLimits, fn: () => Promise<T>): Promise<T> {
  const s = slots();
  if (s.active >= maxConcurrent) {
    const message = `too many imports at once: ${maxConcurrent} may run at a time (SWITCHYARD_MAX_CONCURRENT_IMPORTS); try again in 1 s`;
    throw new AppError('rate_limited', message, { retry_after_s: 1, max_concurrent: maxConcurrent });
  }
  s.active++;
  try {
    return await fn();
  } finally {
    s.active--;
  }
}

function refused(code: string, message: string): ParseResult {
  const p: Problem = { severity: 'error', code, message, path: '', line: 1, col: 1 };
  return { ok: false, errors: [p] };
}

/** Whether this process runs the TypeScript sources (vitest, tsx) rather than the bundled app. */
function fromSources(): boolean {
  return process.env.VITEST !== undefined || process.execArgv.some((a) => a.includes('tsx'));
}

/**
 * The parse worker. The bundled app starts the entry the bundler built from the literal URL below.
 * From sources a worker does not inherit tsx's hooks, so a bootstrap (resolving tsx from the working
 * directory, the repository) registers them before it imports the entry.
 */
function startWorker(options: WorkerOptions): Worker {
  if (!fromSources()) return new Worker(new URL('./import-parse-worker.ts', import.meta.url), options);
  const entry = JSON.stringify(import.meta.url.replace(/import-gate\.ts$/, 'import-parse-worker.ts'));
  const boot = `(async () => { (await import('tsx/esm/api')).register(); await import(${entry}); })()`;
  return new Worker(boot, { ...options, eval: true });
}

/** Parses in a worker thread with a heap and a time limit. */
function parseInWorker(text: string, maxBytes: number): Promise<ParseResult> {
  return new Promise((resolve, reject) => {
    const worker = startWorker({ workerData: { text, maxBytes }, resourceLimits: { maxOldGenerationSizeMb: IMPORT_HEAP_MB } });
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
    worker.once('message', (result: ParseResult) => settle(() => resolve(result)));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve(refused('too_large', `reading the YAML needs more than ${IMPORT_HEAP_MB} MiB of memory`))
          : reject(err),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the YAML parse worker exited (${code}) without a result`))));
  });
}

/**
 * parseGraphYaml with the import's size cap and the operator's configuration; large texts off the
 * event loop. The worker cannot call back into the database, so there the configuration checks
 * (names of connections and MCP servers, no line/col) follow on this thread.
 */
export async function parseImportYaml(text: string, { maxBytes }: ImportLimits, context: ValidationContext): Promise<ParseResult> {
  if (text.length <= INLINE_PARSE_CHARS) return parseGraphYaml(text, { maxBytes, context });
  const parsed = await parseInWorker(text, maxBytes);
  if (!parsed.ok) return parsed;
  const errors = operatorConfigProblems(parsed.doc, context);
  return errors.length ? { ok: false, errors } : parsed;
}
