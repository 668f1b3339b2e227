/**
 * Through HTTP: GET /api/connections/:name/models lists the connection's models with the real openai
 * client against the mock OpenAI server, answers again from its cache, asks again on ?refresh=1 or
 * when the connection changed, and says why in the connection test's words when the server fails.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startHarness, type Harness } from '@/lib/runtime/testing/harness';
import { allowLoopbackModels } from '@/lib/llm/testing/allow-loopback';
import { clearModelsCache } from './list-models';

allowLoopbackModels();

const KEY = 'sk-models-secret-4321';
let h: Harness;
let mock: MockOpenAI;
let locked: MockOpenAI;

beforeAll(async () => {
  mock = await startMockOpenAI({ models: ['zeta-large', 'alpha-small', 'alpha-small', 'mid-7b'] });
  locked = await startMockOpenAI({ requireKey: KEY });
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-env-abcd1234' });
});
afterAll(async () => {
  await h?.close();
  await mock?.close();
  await locked?.close();
});
beforeEach(() => clearModelsCache());

const models = (name: string, query = '') => h.call('GET', `/api/connections/${encodeURIComponent(name)}/models${query}`);
const listCalls = (m: MockOpenAI) => m.requests.filter((q) => q.path === '/v1/models').length;

describe('GET /api/connections/:name/models', () => {
  it('lists the ids sorted and without duplicates, then answers from the cache until ?refresh=1', async () => {
    const before = listCalls(mock);
    const first = await models('default');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, connection: 'default', models: ['alpha-small', 'mid-7b', 'zeta-large'], cached: false });
    expect(listCalls(mock)).toBe(before + 1);

    const again = await models('default');
    expect(again.body).toMatchObject({ ok: true, models: ['alpha-small', 'mid-7b', 'zeta-large'], cached: true, fetched_at: first.body.fetched_at });
    expect(listCalls(mock)).toBe(before + 1);

    const fresh = await models('default', '?refresh=1');
    expect(fresh.body).toMatchObject({ ok: true, cached: false });
    expect(listCalls(mock)).toBe(before + 2);
  });

  it('asks again when the connection changed (another key is another answer)', async () => {
    const saved = await h.call('POST', '/api/connections', { name: 'keyed', base_url: locked.url, api_key: 'sk-wrong-0000' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const refused = await models('keyed');
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ ok: false, connection: 'keyed', code: 'unauthorized', status: 401 });
    expect(refused.body.message).toMatch(/^Unauthorized: the server refused the API key/);
    expect(JSON.stringify(refused.body)).not.toContain('sk-wrong-0000');

    expect((await h.call('PUT', '/api/connections/keyed', { api_key: KEY })).status).toBe(200);
    expect((await models('keyed')).body).toMatchObject({ ok: true, models: ['gpt-4o-mini', 'mock-model'], cached: false });
  });

  it('says unreachable for a server that is not there, and does not cache the failure', async () => {
    await h.call('POST', '/api/connections', { name: 'gone', base_url: 'http://127.0.0.1:1/v1' });
    const r = await models('gone');
    expect(r.body).toMatchObject({ ok: false, code: 'unreachable' });
    expect(r.body.message).toContain('Unreachable: could not connect to http://127.0.0.1:1/v1/models');
    expect((await h.call('PUT', '/api/connections/gone', { base_url: mock.url })).status).toBe(200);
    expect((await models('gone')).body).toMatchObject({ ok: true, models: ['alpha-small', 'mid-7b', 'zeta-large'] });
  });

  it('404s for a connection that is not configured, naming it', async () => {
    const r = await models('ghost');
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: 'not_found', message: 'Connection "ghost" not found' });
  });
});
