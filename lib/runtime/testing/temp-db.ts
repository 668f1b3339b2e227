/** A fresh SQLite file per test file (with DATABASE_URL=postgres://…, the file's Postgres database), for tests below HTTP. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { closeDb } from '@/db/client';
import { newRunId, type RunRow } from '@/db/runs';
import { DEFAULT_WORKSPACE_ID, getStore } from '@/db/store';
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

/** A graph row and a queued run row, for recorder and stream tests: through the async store, so on SQLite and Postgres alike. */
export async function seedRun(doc: GraphDocument = TINY_GRAPH): Promise<RunRow> {
  const store = getStore();
  const g = await store.graphs.create({ ...doc, name: `${doc.name}-${randomUUID().slice(0, 8)}` }, DEFAULT_WORKSPACE_ID);
  return await store.runs.insert({ id: newRunId(), graphId: g.id, graphName: g.name, graphVersion: g.version, input: 'hi', source: 'api' });
}
