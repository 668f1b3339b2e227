/**
 * The usual setup of an HTTP-level runtime test: a fresh mock model server as the `default`
 * connection (OPENAI_BASE_URL) and a harness over it, started before the tests of the file (or of
 * the describe block) where this is called and closed after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startHarness, type Harness } from './harness';

export interface MockHarness {
  mock: MockOpenAI;
  h: Harness;
}

/** Registers the hooks; `set` receives the started pair (assign it to the test file's variables). */
export function withMockHarness(set: (started: MockHarness) => void, env: Record<string, string | undefined> = {}): void {
  let started: Partial<MockHarness> = {};
  beforeAll(async () => {
    started.mock = await startMockOpenAI();
    started.h = await startHarness({ OPENAI_BASE_URL: started.mock.url, OPENAI_API_KEY: 'sk-test', ...env });
    set(started as MockHarness);
  });
  afterAll(async () => {
    await started.h?.close();
    await started.mock?.close();
    started = {};
  });
}
