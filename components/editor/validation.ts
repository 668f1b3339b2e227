/**
 * Validates the editor's document: in a Web Worker (./validate.worker.ts) where the browser has them,
 * else (tests, or a worker that failed to start) on this thread with ./state/compute-problems loaded
 * on demand. Either way the rules (zod, CEL) are not in the editor's first-load JS.
 */
import type { ConvertResult } from './state/convert';
import type { EditorProblems } from './state/problems';

type Reply = { id: number; problems?: EditorProblems; error?: string };

let worker: Worker | null | undefined;
let seq = 0;
const pending = new Map<number, { resolve(p: EditorProblems): void; reject(e: Error): void; input: ConvertResult }>();

const onThisThread = (input: ConvertResult) => import('./state/compute-problems').then((m) => m.computeProblems(input));

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    // A classic worker: Turbopack's worker bootstrap loads its chunks with importScripts.
    worker = new Worker(new URL('./validate.worker.ts', import.meta.url));
  } catch {
    return (worker = null);
  }
  worker.onmessage = (e: MessageEvent<Reply>) => {
    const job = pending.get(e.data.id);
    if (!job) return;
    pending.delete(e.data.id);
    if (e.data.problems) job.resolve(e.data.problems);
    else job.reject(new Error(e.data.error ?? 'validation failed'));
  };
  // A worker that cannot load: validate on this thread from now on, including what was waiting.
  worker.onerror = () => {
    worker?.terminate();
    worker = null;
    const jobs = [...pending.values()];
    pending.clear();
    for (const job of jobs) onThisThread(job.input).then(job.resolve, job.reject);
  };
  return worker;
}

/** The problems of a converted document (see ./state/compute-problems). */
export function validate(input: ConvertResult): Promise<EditorProblems> {
  const w = startWorker();
  if (!w) return onThisThread(input);
  const id = ++seq;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, input });
    w.postMessage({ id, input });
  });
}
