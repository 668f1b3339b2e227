/**
 * Worker-thread entry of lib/server/import-gate.ts: parses one YAML import (workerData: text,
 * maxBytes) and posts the ParseResult back. It runs off the server's event loop, under the heap
 * limit the gate gives it, and is terminated after its one job.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseGraphYaml } from '@/lib/graph/yaml';

const { text, maxBytes } = workerData as { text: string; maxBytes: number };
parentPort?.postMessage(parseGraphYaml(text, { maxBytes }));
