/**
 * The public chat (issue 22, part 3) over real HTTP with accounts on, visitors without a session:
 * sharing off (or an unknown token) is a 404; a link share answers with the published version and
 * keeps each visitor's conversation in a cookie (the history reaches the model); per-visitor rate
 * limit (429 + a polite text), daily cost cap (503 "unavailable"); `signed_in` needs a session; CORS
 * and framing follow the allow-list; and no public response carries a trace, prompt, tool,
 * connection or error internals (every body is inspected).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStore } from '@/db/store';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { framePolicy } from '@/lib/server/public-frame';
import { startAuthServer, type AuthServer } from '@/lib/testing/auth-server';
import { agentGraph } from './testing/graphs';

let mock: MockOpenAI;
let s: AuthServer;
let admin: string;
let viewer: string;
/** Every body a public route answered in this file, inspected at the end. */
const publicBodies: string[] = [];

beforeAll(async () => {
  mock = await startMockOpenAI({
    rules: [
      { match: { systemContains: 'SECRET-PROMPT-ONE', lastUserContains: 'multiply', turn: 1 }, reply: { tool_calls: [{ name: 'calc', arguments: { expression: '6*7' } }] } },
      { match: { systemContains: 'SECRET-PROMPT-ONE', hasToolResultFor: 'calc' }, reply: { content: 'It is **42**.' } },
      { match: { systemContains: 'SECRET-PROMPT-ONE', anyMessageContains: 'I am Ada', lastUserContains: 'What is my name' }, reply: { content: 'Your name is Ada.' } },
      { match: { systemContains: 'SECRET-PROMPT-ONE' }, reply: { content: 'answer of version one' } },
      { match: { systemContains: 'SECRET-PROMPT-TWO' }, reply: { content: 'answer of version two' } },
    ],
  });
  s = await startAuthServer({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', SWITCHYARD_RATE_LIMIT: '0' });
  admin = await s.setupAdmin();
  viewer = await s.addUser(admin, 'viewer@example.com', 'viewer');
}, 60_000);
afterAll(async () => {
  await s?.close();
  await mock?.close();
});

const doc = (name: string, n: string, extra: object = {}) =>
  agentGraph(name, { tools: { calc: { type: 'calculator' } }, agent: { tools: ['calc'], system_prompt: `You are SECRET-PROMPT-${n}.` }, ...extra });

async function sharedGraph(name: string, share: object = {}): Promise<{ id: string; token: string }> {
  const g = await s.call('POST', '/api/graphs', { cookie: admin }, { document: doc(name, 'ONE') });
  expect(g.status).toBe(201);
  const put = await s.call('PUT', `/api/graphs/${g.body.id}/share`, { cookie: admin }, { access: 'link', welcome: 'Hi! Ask me anything.', suggestions: ['What can you do?'], ...share });
  expect(put.status).toBe(200);
  return { id: g.body.id, token: put.body.token };
}

/** A public call as a visitor without a session (a cookie of the visitor's own, an Origin of choice). */
async function visit(method: string, token: string, opts: { cookie?: string; origin?: string | null; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  const origin = opts.origin === undefined ? (method === 'GET' ? null : s.api.url) : opts.origin;
  if (origin) headers.origin = origin;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await s.api.fetch(`/api/public/${token}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  publicBodies.push(text);
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, cookie: res.headers.getSetCookie().find((c) => c.startsWith('switchyard_visitor='))?.split(';')[0] };
}

describe('the public chat API', () => {
  it('is a 404 while sharing is off, for an unknown token, and after the token is regenerated', async () => {
    const { id, token } = await sharedGraph('public-off', { access: 'off' });
    expect((await visit('GET', token)).status).toBe(404);
    expect((await visit('POST', token, { body: { message: 'hi' } })).status).toBe(404);
    expect((await visit('GET', 'no-such-token-at-all')).status).toBe(404);
    expect(await framePolicy(token)).toBe("frame-ancestors 'self'");
    await s.call('PUT', `/api/graphs/${id}/share`, { cookie: admin }, { access: 'link' });
    expect((await visit('GET', token)).status).toBe(200);
    const fresh = await s.call('PUT', `/api/graphs/${id}/share`, { cookie: admin }, { regenerate_token: true });
    expect(fresh.body.token).not.toBe(token);
    expect(fresh.body.token.length).toBeGreaterThanOrEqual(32);
    expect((await visit('GET', token)).status).toBe(404);
    expect((await visit('GET', fresh.body.token)).status).toBe(200);
  });

  it('answers with the published version; a visitor cookie keeps the conversation (the history reaches the model)', async () => {
    const { id, token } = await sharedGraph('public-main');
    expect((await s.call('POST', `/api/graphs/${id}/publish`, { cookie: admin }, { version: 1 })).status).toBe(200);
    expect((await s.call('PUT', `/api/graphs/${id}`, { cookie: admin }, { document: doc('public-main', 'TWO') })).status).toBe(200);

    const page = await visit('GET', token);
    expect(page.body).toEqual({ title: 'public-main', welcome: 'Hi! Ask me anything.', suggestions: ['What can you do?'], turns: [] });
    const first = await visit('POST', token, { body: { message: 'Hello, I am Ada' } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ reply: 'answer of version one' });
    expect(first.cookie).toMatch(/^switchyard_visitor=[A-Za-z0-9_-]{20,}$/);
    expect(first.headers.getSetCookie()[0]).toMatch(/HttpOnly/);
    const second = await visit('POST', token, { cookie: first.cookie, body: { message: 'What is my name?' } });
    expect(second.body).toEqual({ reply: 'Your name is Ada.' });
    const last = mock.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(JSON.stringify(last.messages)).toContain('Hello, I am Ada');
    expect((await visit('GET', token, { cookie: first.cookie })).body.turns).toEqual([
      { role: 'user', content: 'Hello, I am Ada' },
      { role: 'assistant', content: 'answer of version one' },
      { role: 'user', content: 'What is my name?' },
      { role: 'assistant', content: 'Your name is Ada.' },
    ]);
    // Another visitor starts with nothing; a new conversation gives a new visitor id.
    expect((await visit('GET', token)).body.turns).toEqual([]);
    const restart = await visit('DELETE', token, { cookie: first.cookie });
    expect(restart.cookie).toBeTruthy();
    expect((await visit('GET', token, { cookie: restart.cookie })).body.turns).toEqual([]);
    // Editors see the visitor's runs, marked public, of the published version.
    const runs = (await s.call('GET', `/api/graphs/${id}/runs`, { cookie: admin })).body.runs as { id: string; source: string }[];
    const publicRuns = runs.filter((r) => r.source === 'public');
    expect(publicRuns).toHaveLength(2);
    for (const r of publicRuns) expect((await getStore().runs.get(r.id))?.graphVersion).toBe(1);
  });

  it('a tool-using answer and a failed run say nothing about tools, prompts, connections or errors', async () => {
    const { token } = await sharedGraph('public-tools');
    const tool = await visit('POST', token, { body: { message: 'multiply six by seven' } });
    expect(tool.body).toEqual({ reply: 'It is **42**.' });
    const g = await s.call('POST', '/api/graphs', { cookie: admin }, { document: doc('public-broken', 'ONE', { models: { default: { connection: 'secret-connection', model: 'x' } } }) });
    const broken = await s.call('PUT', `/api/graphs/${g.body.id}/share`, { cookie: admin }, { access: 'link' });
    const failed = await visit('POST', broken.body.token, { body: { message: 'hello' } });
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ error: { code: 'failed', message: 'Sorry, something went wrong. Please try again.' } });
    const bad = await visit('POST', token, { body: { message: '', extra: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('bad_request');
  });

  it('over the per-visitor rate: 429 with Retry-After and a polite text; other visitors go on', async () => {
    const { token } = await sharedGraph('public-rate', { visitor_per_minute: 2 });
    const a = await visit('POST', token, { body: { message: 'hello' } });
    expect((await visit('POST', token, { cookie: a.cookie, body: { message: 'hello' } })).status).toBe(200);
    const third = await visit('POST', token, { cookie: a.cookie, body: { message: 'hello' } });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(third.body.error).toMatchObject({ code: 'slow_down', message: expect.stringMatching(/a little fast/) });
    expect((await visit('POST', token, { body: { message: 'hello' } })).status).toBe(200);
  });

  it("over the graph's daily cost cap: 503 \"unavailable\" (public runs' cost counts, others do not)", async () => {
    const { id, token } = await sharedGraph('public-cap', { daily_cost_usd: 0.5 });
    expect((await visit('POST', token, { body: { message: 'hello' } })).status).toBe(200);
    const runs = (await s.call('GET', `/api/graphs/${id}/runs`, { cookie: admin })).body.runs as { id: string }[];
    await getStore().runs.update(runs[0]!.id, { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2, cost_usd: 0.6 } });
    const over = await visit('POST', token, { body: { message: 'hello' } });
    expect(over.status).toBe(503);
    expect(over.body).toEqual({ error: { code: 'unavailable', message: 'This chat is unavailable right now. Please try again later.' } });
    await s.call('PUT', `/api/graphs/${id}/share`, { cookie: admin }, { daily_cost_usd: null });
    expect((await visit('POST', token, { body: { message: 'hello' } })).status).toBe(200);
  });

  it('signed_in: a visitor without a session is asked to sign in; a signed-in user chats', async () => {
    const { token } = await sharedGraph('public-signed-in', { access: 'signed_in' });
    const anon = await visit('POST', token, { body: { message: 'hello' } });
    expect(anon.status).toBe(401);
    expect(anon.body.error.code).toBe('sign_in');
    const signed = await visit('POST', token, { cookie: viewer, body: { message: 'hello' } });
    expect(signed.status).toBe(200);
  });

  it('CORS and framing follow the allow-list; a POST from another origin is refused', async () => {
    const { token } = await sharedGraph('public-cors', { allowed_origins: ['https://shop.example'] });
    expect(await framePolicy(token)).toBe("frame-ancestors 'self' https://shop.example");
    const pre = await s.api.fetch(`/api/public/${token}`, { method: 'OPTIONS', headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' } });
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const other = await s.api.fetch(`/api/public/${token}`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await visit('POST', token, { origin: 'https://shop.example', body: { message: 'hello' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const refused = await visit('POST', token, { origin: 'https://evil.example', body: { message: 'hello' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('no public response carries a trace, prompt, tool, connection, run or error internals', () => {
    expect(publicBodies.length).toBeGreaterThan(20);
    const FORBIDDEN_KEYS = ['events', 'trace', 'prompt', 'system_prompt', 'messages', 'tool', 'tools', 'tool_calls', 'arguments', 'args', 'connection', 'model', 'run_id', 'run', 'usage', 'details', 'stack', 'graph_id', 'node'];
    const FORBIDDEN_TEXT = ['SECRET-PROMPT', 'calc', '6*7', 'secret-connection', 'sk-test', 'run_', 'No model connection', 'Error:'];
    const keys = (v: unknown, out: string[] = []): string[] => {
      if (Array.isArray(v)) v.forEach((x) => keys(x, out));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(k), keys(x, out);
      return out;
    };
    for (const body of publicBodies) {
      const found = body ? keys(JSON.parse(body)) : [];
      expect(found.filter((k) => FORBIDDEN_KEYS.includes(k)), body).toEqual([]);
      for (const t of FORBIDDEN_TEXT) expect(body, `${t} in ${body}`).not.toContain(t);
    }
  });
});

describe('share settings (PUT /api/graphs/:id/share)', () => {
  it('refuses bad input with a message naming the field; a viewer cannot change them (403)', async () => {
    const { id } = await sharedGraph('share-bad');
    const bad = await s.call('PUT', `/api/graphs/${id}/share`, { cookie: admin }, { allowed_origins: ['https://shop.example/path'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/allowed_origins/);
    expect((await s.call('PUT', `/api/graphs/${id}/share`, { cookie: admin }, { access: 'everyone' })).body.error.message).toMatch(/access/);
    expect((await s.call('PUT', `/api/graphs/${id}/share`, { cookie: viewer }, { access: 'off' })).status).toBe(403);
    expect((await s.call('GET', `/api/graphs/${id}/share`, { cookie: admin })).body).toMatchObject({ access: 'link', path: expect.stringMatching(/^\/c\//) });
  });
});
