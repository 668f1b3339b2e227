/**
 * Worker-thread entry of lib/server/import-worker.ts: does the one job of ./parse-jobs.ts it is
 * given (workerData) and posts the answer back. It runs under the heap limit
 * lib/server/import-worker.ts gives it and ends after its one job.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runParseJob, type ParseJob } from './parse-jobs';

const { answer, transfer } = runParseJob(workerData as ParseJob);
parentPort?.postMessage(answer, transfer);
