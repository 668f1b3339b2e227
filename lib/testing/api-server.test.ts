import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute, scanRoutes, startApiServer, type ApiServer } from './api-server';

const root = mkdtempSync(path.join(tmpdir(), 'switchyard-harness-'));
function route(dir: string, source: string) {
  const d = path.join(root, 'app', 'api', dir);
  mkdirSync(d, { recursive: true });
  writeFileSync(path.join(d, 'route.mjs'), source);
}

route('items', `export async function GET() { return Response.json({ list: true }); }
export async function POST(req) { const body = await req.text(); return Response.json({ got: body.length }, { status: 201 }); }`);
route('items/[id]', `export async function GET(req, ctx) { const p = await ctx.params; return Response.json({ id: p.id }); }`);
route('items/new', `export async function GET() { return Response.json({ fresh: true }); }`);
route('(group)/files/[...rest]', `export async function GET(req, ctx) { return Response.json(await ctx.params); }`);
route('stream', `
export async function GET(req) {
  let n = 0;
  let release;
  const gate = new Promise((r) => { release = r; });
  globalThis.__release = release;
  req.signal.addEventListener('abort', () => { globalThis.__aborted = true; });
  const body = new ReadableStream({
    async pull(c) {
      n++;
      if (n === 1) { c.enqueue(new TextEncoder().encode('event: first\\ndata: 1\\n\\n')); return; }
      await gate;
      c.enqueue(new TextEncoder().encode('event: second\\ndata: 2\\n\\n'));
      c.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}`);

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer({ root });
});
afterAll(async () => {
  await api.close();
  rmSync(root, { recursive: true, force: true });
});

describe('route table', () => {
  it('scans app/api into patterns, static before dynamic before catch-all, groups dropped', () => {
    const patterns = scanRoutes(root).map((r) => r.pattern);
    expect(patterns).toEqual(expect.arrayContaining(['/api/items', '/api/items/new', '/api/items/:id', '/api/files/*rest', '/api/stream']));
    expect(patterns.indexOf('/api/items/new')).toBeLessThan(patterns.indexOf('/api/items/:id'));
  });

  it('matches params (decoded) and rejects extra or missing segments', () => {
    const [byId] = scanRoutes(root).filter((r) => r.pattern === '/api/items/:id');
    expect(matchRoute(byId, '/api/items/a%20b')).toEqual({ id: 'a b' });
    expect(matchRoute(byId, '/api/items')).toBeNull();
    expect(matchRoute(byId, '/api/items/a/b')).toBeNull();
  });

  it('scans the real app/api of this repository', () => {
    const patterns = scanRoutes().map((r) => r.pattern);
    expect(patterns).toEqual(expect.arrayContaining(['/api/graphs', '/api/graphs/:id', '/api/graphs/:id/export', '/api/graphs/import']));
    expect(patterns.indexOf('/api/graphs/import')).toBeLessThan(patterns.indexOf('/api/graphs/:id'));
  });
});

describe('serving', () => {
  it('calls the exported handler with params as a Promise and returns its response', async () => {
    expect(await (await api.fetch('/api/items/42')).json()).toEqual({ id: '42' });
    expect(await (await api.fetch('/api/items/new')).json()).toEqual({ fresh: true });
    expect(await (await api.fetch('/api/files/a/b/c.txt')).json()).toEqual({ rest: ['a', 'b', 'c.txt'] });
  });

  it('passes request bodies through', async () => {
    const res = await api.fetch('/api/items', { method: 'POST', body: 'x'.repeat(200_000) });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ got: 200_000 });
  });

  it('unknown paths are 404 and unexported methods 405, in the one error shape', async () => {
    const a = await api.fetch('/api/nothing');
    expect(a.status).toBe(404);
    expect((await a.json()).error.code).toBe('not_found');
    const b = await api.fetch('/api/items/1', { method: 'DELETE' });
    expect(b.status).toBe(405);
    expect(b.headers.get('allow')).toBe('GET');
    expect((await b.json()).error.code).toBe('method_not_allowed');
  });

  it('streams: the first chunk arrives before the handler has produced the second', async () => {
    const g = globalThis as { __release?: () => void };
    const res = await api.fetch('/api/stream');
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: first');
    g.__release!();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toContain('event: second');
  });

  it('a client that disconnects aborts request.signal', async () => {
    const g = globalThis as { __aborted?: boolean };
    g.__aborted = false;
    const ac = new AbortController();
    const res = await api.fetch('/api/stream', { signal: ac.signal });
    const reader = res.body!.getReader();
    await reader.read();
    ac.abort();
    await expect.poll(() => g.__aborted, { timeout: 5000 }).toBe(true);
  });
});
