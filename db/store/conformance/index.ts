/**
 * The store conformance suite (after LangGraph's checkpoint-validation): one spec per port method of
 * db/store/ports.ts, run against a backend by a three-line test file per backend
 * (db/store/store.sqlite.test.ts, db/store/store.postgres.test.ts) with the backends of
 * lib/testing/store-backends.ts.
 */
import { afterAll, beforeEach, describe } from 'vitest';
import { getStore } from '../index';
import type { Backend } from './backend';
import { apiKeySpecs } from './api-keys.spec';
import { connectionSpecs } from './connections.spec';
import { graphTestsSpecs } from './graph-tests.spec';
import { mcpServerSpecs } from './mcp-servers.spec';
import { memorySpecs } from './memory.spec';
import { metaSpecs, seedSpecs } from './meta-seed.spec';
import { pageCacheSpecs } from './page-cache.spec';
import { threadSpecs } from './threads.spec';
import { chatToolSpecs } from './chat-tools.spec';
import { responseSpecs } from './responses.spec';
import { conversationSpecs } from './conversations.spec';
import { graphSpecs } from './graphs.spec';
import { runSpecs } from './runs.spec';
import { signInThrottleSpecs } from './sign-in-throttle.spec';
import { stepSpecs } from './steps.spec';
import { userSpecs } from './users.spec';
import { versionSpecs } from './versions.spec';
import { workspaceSpecs } from './workspaces.spec';
import { knowledgeSpecs } from './knowledge.spec';
import { publishingSpecs } from './publishing.spec';

export type { Backend } from './backend';

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
    signInThrottleSpecs(store);
    runSpecs(store);
    stepSpecs(store);
    connectionSpecs(store, backend);
    mcpServerSpecs(store, backend);
    graphTestsSpecs(store);
    pageCacheSpecs(store);
    metaSpecs(store);
    seedSpecs(store);
    memorySpecs(store, backend);
    threadSpecs(store);
    chatToolSpecs(store);
    responseSpecs(store);
    conversationSpecs(store);
    workspaceSpecs(store);
    knowledgeSpecs(store);
    publishingSpecs(store);
  });
}
