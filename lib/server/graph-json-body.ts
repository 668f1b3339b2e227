/**
 * JSON request bodies holding a whole graph document in `document` (POST /api/graphs, PUT
 * /api/graphs/:id, POST /api/graphs/:id/versions), bounded as YAML imports are (./import-gate.ts):
 * at most SWITCHYARD_MAX_IMPORT_BYTES (413); a body over INLINE_PARSE_CHARS bytes is read, and its
 * document checked, in a worker thread under an import slot (429 when none is free; 422 too_large /
 * too_slow past the worker's limits), and comes back a slice at a time. Smaller bodies are read here
 * as readJson reads them. Either way the same 400s (content type, UTF-8, JSON, depth, the contract).
 */
import type { z } from 'zod';
import type { ConfiguredNames } from '@/lib/graph/validate-tools';
import { jsonOfBytes, requireMediaType } from './body';
import type { DocumentCheck } from './document-check';
import { invalidGraph } from './http';
import { importLimits, INLINE_PARSE_CHARS, readImportBody, withImportSlot } from './import-gate';
import { parseOffThread } from './import-worker';
import { readJsonAnswer } from './parse-jobs';

export interface GraphJson<B> {
  /** The body as the contract reads it; its `document` as sent (or, once the worker's check passed, the checked document). */
  body: B;
  /** The check of `body.document` made in the worker (with `names`), for checkWithSpecs; none for a small body. */
  checked?: DocumentCheck;
}

/** readJson (./body.ts) for a body with a graph document, bounded; `names`: the operator's configuration the worker checks with. */
export async function readGraphJson<S extends z.ZodType>(req: Request, schema: S, names: ConfiguredNames): Promise<GraphJson<z.output<S>>> {
  requireMediaType(req, ['application/json']);
  const limits = importLimits();
  const bytes = await readImportBody(req, limits, 'the request body');
  if (bytes.byteLength <= INLINE_PARSE_CHARS) return { body: schema.parse(jsonOfBytes(bytes)) };
  const { value, checked } = await withImportSlot(
    limits,
    async () => {
      const r = await parseOffThread({ kind: 'json', bytes, names });
      if (!r.ok) throw invalidGraph([r.problem]);
      return readJsonAnswer(r.answer);
    },
    'large graph saves',
  );
  return { body: schema.parse(value), checked };
}
