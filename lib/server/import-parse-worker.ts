/**
 * Worker-thread entry of lib/server/import-worker.ts: parses one YAML import (workerData: text,
 * maxBytes) and posts the result back as JSON text: the document in slices (./json-slices.ts), the
 * warnings as UTF-8 bytes (moved, not copied). 40,000 warnings as objects took over 100 ms to
 * deserialize on the server's thread, and as a string as long again to encode into the answer.
 * It runs under the heap limit lib/server/import-worker.ts gives it and ends after its one job.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseGraphYaml } from '@/lib/graph/yaml';
import { sliceJson } from './json-slices';

const { text, maxBytes } = workerData as { text: string; maxBytes: number };
const r = parseGraphYaml(text, { maxBytes });
if (r.ok) {
  const warnings = new TextEncoder().encode(JSON.stringify(r.warnings));
  parentPort?.postMessage({ ok: true, doc: sliceJson(r.doc), warnings }, [warnings.buffer]);
} else parentPort?.postMessage({ ok: false, errors: JSON.stringify(r.errors) });
