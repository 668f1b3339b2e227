/**
 * Through HTTP: POST /api/connections/:name/test really calls GET {base_url}/models with the openai
 * client, against the mock OpenAI server, a closed port, a 401, a non-OpenAI server and a silent one;
 * and PUT /api/connections/:name patches what the test then uses.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startHarness, type Harness } from '@/lib/runtime/testing/harness';
import { probeConnection } from './probe-connection';
import { allowLoopbackModels } from '@/lib/llm/testing/allow-loopback';

// The mock model listens on 127.0.0.1: allowed as an operator allows a local server.
allowLoopbackModels();

const KEY = 'sk-test-secret-9876';
const MODELS = Array.from({ length: 25 }, (_, i) => `model-${String(i).padStart(2, '0')}`);

let h: Harness;
let mock: MockOpenAI;
let locked: MockOpenAI;
let html: Server;
let silent: Server;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A port nothing listens on: bind one, then close it. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await listen(s);
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

beforeAll(async () => {
  mock = await startMockOpenAI({ models: MODELS });
  locked = await startMockOpenAI({ requireKey: KEY });
  html = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>router admin</title>');
  });
  silent = createServer(() => undefined); // accepts, never answers
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-env-abcd1234' });
});
afterAll(async () => {
  await h?.close();
  await mock?.close();
  await locked?.close();
  html?.closeAllConnections();
  silent?.closeAllConnections();
  await new Promise((r) => html?.close(r));
  await new Promise((r) => silent?.close(r));
});

const save = async (body: Record<string, unknown>) => {
  const r = await h.call('POST', '/api/connections', body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
};
const test = (name: string) => h.call('POST', `/api/connections/${encodeURIComponent(name)}/test`);

describe('POST /api/connections/:name/test', () => {
  it('lists the first 20 model ids of a reachable OpenAI-compatible server, with its extra headers', async () => {
    await save({ name: 'mocked', base_url: mock.url, api_key: 'sk-any-1111', headers: { 'X-Gateway': 'gw-1' } });
    const r = await test('mocked');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, models: MODELS.slice(0, 20), model_count: 25 });
    const sent = mock.requests.filter((q) => q.path === '/v1/models').at(-1);
    expect(sent?.headers['x-gateway']).toBe('gw-1');
    expect(sent?.headers.authorization).toBe('Bearer sk-any-1111');
  });

  it('tests the env default connection', async () => {
    const r = await test('default');
    expect(r.body).toMatchObject({ ok: true, model_count: 25 });
  });

  it('says unauthorized on a 401 and never echoes the key', async () => {
    await save({ name: 'wrong-key', base_url: locked.url, api_key: 'sk-wrong-key-0000' });
    const r = await test('wrong-key');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: false, code: 'unauthorized', status: 401 });
    expect(r.body.message).toMatch(/^Unauthorized: the server refused the API key \(401 Incorrect API key provided\.\)/);
    expect(JSON.stringify(r.body)).not.toContain('sk-wrong-key-0000');

    await save({ name: 'right-key', base_url: locked.url, api_key: KEY });
    expect((await test('right-key')).body).toMatchObject({ ok: true, models: ['mock-model', 'gpt-4o-mini'] });
  });

  it('says unreachable when nothing listens on the port', async () => {
    const port = await closedPort();
    await save({ name: 'nowhere', base_url: `http://127.0.0.1:${port}/v1` });
    const r = await test('nowhere');
    expect(r.body).toMatchObject({ ok: false, code: 'unreachable' });
    expect(r.body.message).toContain(`Unreachable: could not connect to http://127.0.0.1:${port}/v1/models (ECONNREFUSED)`);
  });

  it('says "not an OpenAI-compatible server" on a 404 (base URL without /v1) and on an HTML page', async () => {
    await save({ name: 'no-v1', base_url: mock.origin });
    const r = await test('no-v1');
    expect(r.body).toMatchObject({ ok: false, code: 'not_openai_compatible', status: 404 });
    expect(r.body.message).toMatch(/^Not an OpenAI-compatible server: GET http:\/\/127\.0\.0\.1:\d+\/models answered 404 .*ends in \/v1/);

    await save({ name: 'web-page', base_url: `${await listen(html)}/v1` });
    const page = await test('web-page');
    expect(page.body).toMatchObject({ ok: false, code: 'not_openai_compatible', status: 200 });
    expect(page.body.message).toContain('answered text/html, not JSON');
  });

  it('404s for an unknown connection', async () => {
    const r = await test('ghost');
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: 'not_found', message: 'Connection "ghost" not found' });
  });

  it('times out a server that never answers', async () => {
    const url = `${await listen(silent)}/v1`;
    const r = await probeConnection({ name: 'slow', base_url: url, api_key: '' }, 300);
    expect(r).toMatchObject({ ok: false, code: 'timeout', message: `Timed out: GET ${url}/models got no answer within 0.3 s.` });
  });
});

describe('PUT /api/connections/:name', () => {
  it('replaces the key (never returned), moves the base URL, and sets and removes headers', async () => {
    await save({ name: 'patched', base_url: 'http://127.0.0.1:1/v1', api_key: 'sk-old-key-aaaa', headers: { 'X-Keep': 'k', 'X-Drop': 'd' } });
    expect((await test('patched')).body.code).toBe('unreachable');

    const r = await h.call('PUT', '/api/connections/patched', { base_url: locked.url, api_key: KEY, headers: { 'X-Drop': null, 'X-New': 'n' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ name: 'patched', base_url: locked.url, api_key_hint: 'sk-…9876', header_names: ['X-Keep', 'X-New'], source: 'db' });
    expect(JSON.stringify(r.body)).not.toContain(KEY);
    expect((await test('patched')).body).toMatchObject({ ok: true });

    const cleared = await h.call('PUT', '/api/connections/patched', { api_key: null });
    expect(cleared.body).toMatchObject({ api_key_hint: null, base_url: locked.url, header_names: ['X-Keep', 'X-New'] });
    expect((await test('patched')).body).toMatchObject({ ok: false, code: 'unauthorized' });
    const list = await h.call('GET', '/api/connections');
    expect(JSON.stringify(list.body)).not.toContain(KEY);
  });

  it('validates fields (issues carry their paths), refuses the env default and 404s unknown names', async () => {
    await save({ name: 'strict', base_url: 'https://example.com/v1' });
    const bad = await h.call('PUT', '/api/connections/strict', { base_url: 'ftp://example.com', api_key: '', headers: { 'bad header': 'x' } });
    expect(bad.status).toBe(400);
    const paths = (bad.body.error.details.issues as { path: string }[]).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['base_url', 'api_key']));
    expect(paths.some((p) => p.startsWith('headers'))).toBe(true);
    expect((await h.call('PUT', '/api/connections/strict', { name: 'renamed' })).status).toBe(400);

    const env = await h.call('PUT', '/api/connections/default', { base_url: 'https://example.com/v1' });
    expect(env.status).toBe(409);
    expect(env.body.error.code).toBe('read_only');
    expect((await h.call('PUT', '/api/connections/ghost', { base_url: 'https://example.com/v1' })).status).toBe(404);
  });
});
