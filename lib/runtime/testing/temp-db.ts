/** A fresh SQLite file per test file, for tests that use db/ directly (no HTTP). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { closeDb } from '@/db/client';
import { createGraph } from '@/db/graphs';
import { insertRun, newRunId, type RunRow } from '@/db/runs';
import type { GraphDocument } from '@/lib/graph/schema';
import { setEnv } from '@/lib/testing/env';
import { resetRuntimeState } from '../globals';

export function useTempDb(): { cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-db-'));
  const restoreEnv = setEnv({ SWITCHYARD_DB: path.join(dir, 'test.db') });
  return {
    cleanup() {
      resetRuntimeState();
      closeDb();
      restoreEnv();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const TINY_GRAPH: GraphDocument = {
  switchyard: 1,
  name: 'tiny',
  nodes: { ask: { role: 'human', prompt: 'OK?' } },
  edges: [
    { from: 'START', to: 'ask' },
    { from: 'ask', to: 'END' },
  ],
};

/** A graph row and a queued run row, for recorder and stream tests. */
export function seedRun(doc: GraphDocument = TINY_GRAPH): RunRow {
  const g = createGraph({ ...doc, name: `${doc.name}-${randomUUID().slice(0, 8)}` });
  return insertRun({ id: newRunId(), graphId: g.id, graphName: g.name, graphVersion: g.version, input: 'hi', source: 'api' });
}
