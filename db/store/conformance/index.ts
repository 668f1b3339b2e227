/**
 * The store conformance suite (after LangGraph's checkpoint-validation): one spec per port method of
 * db/store/ports.ts, run against a backend by a three-line test file per backend
 * (db/store/store.sqlite.test.ts, db/store/store.postgres.test.ts) with the backends of
 * lib/testing/store-backends.ts.
 */
import { afterAll, beforeEach, describe } from 'vitest';
import { getStore } from '../index';
import { apiKeySpecs } from './api-keys.spec';
import { graphSpecs } from './graphs.spec';
import { runSpecs } from './runs.spec';
import { stepSpecs } from './steps.spec';
import { userSpecs } from './users.spec';
import { versionSpecs } from './versions.spec';

/** Where the suite runs (lib/testing/store-backends.ts: SQLite in a temporary file, a real PostgreSQL). */
export interface Backend {
  name: 'sqlite' | 'postgres';
  /** Points the process at an empty database; false when this backend cannot run here (the suite is then skipped). */
  open(): Promise<boolean>;
  /** Removes every graph, run, user and key (cascades take versions, sessions, accounts). */
  empty(): Promise<void>;
  close(): Promise<void>;
}

export async function storeConformance(backend: Backend): Promise<void> {
  if (!(await backend.open())) return;
  afterAll(() => backend.close());
  describe(`the ${backend.name} store`, () => {
    beforeEach(() => backend.empty());
    const store = () => {
      const s = getStore();
      if (s.dialect !== backend.name) throw new Error(`the store is ${s.dialect}, not ${backend.name}: DATABASE_URL was not set for this file`);
      return s;
    };
    graphSpecs(store);
    versionSpecs(store);
    userSpecs(store);
    apiKeySpecs(store);
    runSpecs(store);
    stepSpecs(store);
  });
}
