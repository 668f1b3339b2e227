/**
 * Model connections under the outbound address policy (issue 11 item 3), over HTTP: a saved
 * connection pointed at a loopback server is refused — its runs fail with ssrf_blocked and its Test
 * says Blocked with the allow-list entry to add, and the server receives nothing — until the operator
 * allows it with SWITCHYARD_ALLOWED_HOSTS (a `host:port` entry allows that port only). The env
 * default connection (OPENAI_BASE_URL) is the operator's own and is allowed by being configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { setEnv } from '@/lib/testing/env';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';

let h: Harness;
let envMock: MockOpenAI;
let local: MockOpenAI;
let localPort: number;

const graph = (name: string, connection: string): GraphDocument =>
  ({
    switchyard: 1,
    name,
    models: { default: { connection, model: 'gpt-test' } },
    nodes: { agent: { role: 'agent', strategy: 'tool_calling', system_prompt: 'Answer.' } },
    edges: [
      { from: 'START', to: 'agent' },
      { from: 'agent', to: 'END' },
    ],
  }) as GraphDocument;

withMockHarness((started) => ({ mock: envMock, h } = started), { SWITCHYARD_ALLOWED_HOSTS: undefined });
beforeAll(async () => {
  local = await startMockOpenAI({ rules: [{ name: 'any', reply: { content: 'Hello from the local server.' } }] });
  localPort = Number(new URL(local.url).port);
  envMock.script([{ name: 'env', reply: { content: 'Hello from the default.' } }]);
  expect((await h.call('POST', '/api/connections', { name: 'local', base_url: local.url })).status).toBe(201);
  expect((await h.call('POST', '/api/connections', { name: 'metadata', base_url: 'http://169.254.169.254/v1' })).status).toBe(201);
  expect((await h.call('POST', '/api/connections', { name: 'named', base_url: `http://localhost:${localPort}/v1` })).status).toBe(201);
});
afterAll(async () => {
  await local?.close();
});

async function runOn(connection: string) {
  const id = await h.createGraph(graph(`on-${connection}-${Math.random().toString(36).slice(2, 8)}`, connection));
  const runId = await h.startRun(id, { input: 'hi' });
  return (await h.waitForStatus(runId, ['succeeded', 'failed'])).run;
}

describe('model connections and the outbound address policy', () => {
  it('refuses a loopback connection: the run fails with ssrf_blocked, Test says Blocked, the server gets nothing', async () => {
    const run = await runOn('local');
    expect(run.status).toBe('failed');
    expect(run.error).toMatchObject({ code: 'ssrf_blocked' });
    expect(run.error!.message).toContain(`SWITCHYARD_ALLOWED_HOSTS=127.0.0.1:${localPort}`);
    const test = await h.call('POST', '/api/connections/local/test');
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ ok: false, code: 'blocked' });
    expect(test.body.message).toContain('loopback');
    // A host name that resolves to loopback is refused the same way.
    expect((await h.call('POST', '/api/connections/named/test')).body).toMatchObject({ ok: false, code: 'blocked' });
    expect(local.chatRequests()).toHaveLength(0);
  });

  it('refuses the cloud metadata address outright', async () => {
    const test = await h.call('POST', '/api/connections/metadata/test');
    expect(test.body).toMatchObject({ ok: false, code: 'blocked' });
    expect(test.body.message).toMatch(/169\.254\.169\.254.*link-local/);
  });

  it('the env default connection is allowed: the operator configured it', async () => {
    expect((await runOn('default')).status).toBe('succeeded');
  });

  it('SWITCHYARD_ALLOWED_HOSTS with the port allows that port only; a bare host allows every port', async () => {
    const restore = setEnv({ SWITCHYARD_ALLOWED_HOSTS: `127.0.0.1:${localPort}` });
    try {
      const run = await runOn('local');
      expect(run.status).toBe('succeeded');
      expect(local.chatRequests()).toHaveLength(1);
      expect((await h.call('POST', '/api/connections/local/test')).body).toMatchObject({ ok: true });
    } finally {
      restore();
    }
    const otherPort = setEnv({ SWITCHYARD_ALLOWED_HOSTS: `127.0.0.1:${localPort === 65535 ? 1 : localPort + 1}` });
    try {
      expect((await h.call('POST', '/api/connections/local/test')).body).toMatchObject({ ok: false, code: 'blocked' });
    } finally {
      otherPort();
    }
    const anyPort = setEnv({ SWITCHYARD_ALLOWED_HOSTS: 'localhost' });
    try {
      expect((await h.call('POST', '/api/connections/named/test')).body).toMatchObject({ ok: true });
    } finally {
      anyPort();
    }
  });
});
