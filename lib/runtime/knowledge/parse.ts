/**
 * A document's bytes as text parts (lib/knowledge/chunk.ts's input). The kind is sniffed from the
 * bytes (lib/knowledge/sniff.ts); text kinds (Markdown, text, CSV, JSON) are decoded here, PDF, DOCX
 * and HTML parsed in a worker thread (./parse-worker.mjs) with a heap of PARSE_HEAP_MB and at most
 * PARSE_TIMEOUT_MS, stopped past either. A document that cannot be read is a `bad_request` naming
 * it and the problem; one past a limit is `payload_too_large`.
 */
import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '@/lib/errors';
import type { ParsedPart } from '@/lib/knowledge/chunk';
import { MIME, sniffDocument, type DocumentKind } from '@/lib/knowledge/sniff';

export const PARSE_HEAP_MB = 256;
export const PARSE_TIMEOUT_MS = 60_000;
/** Pages of a PDF read at most. */
export const MAX_PDF_PAGES = 2000;

export interface ParsedDocument {
  kind: DocumentKind;
  mime: string;
  parts: ParsedPart[];
  title: string;
}

interface WorkerAnswer {
  parts?: ParsedPart[];
  title?: string;
  error?: string;
  code?: 'corrupt' | 'too_large';
}

function workerFile(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'lib', 'runtime', 'knowledge', 'parse-worker.mjs');
}

function inWorker(kind: DocumentKind, bytes: Uint8Array, name: string, timeoutMs: number): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const copy = bytes.slice().buffer;
    const worker = new Worker(workerFile(), {
      workerData: { kind, bytes: copy, maxPages: MAX_PDF_PAGES },
      transferList: [copy],
      resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB },
      name: 'switchyard-knowledge-parse',
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new AppError('payload_too_large', `${name}: reading it took longer than ${timeoutMs / 1000} s; it was stopped`))), timeoutMs);
    worker.once('message', (answer: WorkerAnswer) => settle(() => resolve(answer)));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new AppError('payload_too_large', `${name}: reading it needs more than ${PARSE_HEAP_MB} MiB of memory; it was stopped`)
            : new AppError('bad_request', `${name}: it could not be read (${err.message})`),
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new AppError('internal', `${name}: the parse worker exited (${code}) without an answer`))));
  });
}

function textOf(kind: DocumentKind, bytes: Uint8Array): string {
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  if (kind !== 'json') return text;
  return JSON.stringify(JSON.parse(text), null, 2);
}

/** Parses the document (sniffing its kind); throws AppError naming `name` and the problem. */
export async function parseDocument(bytes: Uint8Array, name: string, opts: { timeoutMs?: number } = {}): Promise<ParsedDocument> {
  const kind = sniffDocument(bytes, name);
  if (kind !== 'pdf' && kind !== 'docx' && kind !== 'html') return { kind, mime: MIME[kind], parts: [{ text: textOf(kind, bytes), page: null }], title: '' };
  const answer = await inWorker(kind, bytes, name, opts.timeoutMs ?? PARSE_TIMEOUT_MS);
  if (answer.error) throw new AppError(answer.code === 'too_large' ? 'payload_too_large' : 'bad_request', `${name}: ${answer.error}`);
  return { kind, mime: MIME[kind], parts: answer.parts ?? [], title: answer.title ?? '' };
}
