/**
 * Issue 21, "secrets never leave": a model server whose 401 body echoes the connection's key and
 * header values (plain, base64, URL-encoded, basic auth, JSON-escaped) and a tool server that
 * echoes a tool's header values. None of them appears in the stored run (the SQLite file and its
 * WAL, scanned byte for byte), the run's API answers, its SSE stream, the /v1 error (JSON and
 * streamed), the console of the process, or the OTLP export captured by a test collector.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { format } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '@/db/client';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { rawSql } from '@/lib/testing/raw-sql';
import type { MockChatRequest } from '@/lib/llm/testing/mock-types';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph } from './testing/graphs';

const KEY = 'sk-proj-Le4k/Key+9=abcdefXYZ';
const SESSION = 'sess-7f3a9c1e0b2d4f68';
const SUBSCRIPTION = 'ocp-sub-00112233445566778899';
const TOOL_KEY = 'tool-access-key-5a5a5a5a5a';
const TOOL_SESSION = 'tool-session-value-c0ffee';
const SECRETS = [KEY, SESSION, SUBSCRIPTION, TOOL_KEY, TOOL_SESSION];

const b64 = (s: string) => Buffer.from(s).toString('base64');
/** What must never be found: each secret as is and in the encodings the servers echo. */
const LEAKS = SECRETS.flatMap((s) => [s, b64(s), b64(s).replace(/=+$/, ''), Buffer.from(s).toString('base64url'), encodeURIComponent(s), Buffer.from(s).toString('hex')]).concat(b64(`alice:${KEY}`).slice(0, -2));

function leaksIn(text: string): string[] {
  return LEAKS.filter((l) => text.includes(l));
}

/** What the model server answers: a 401 echoing the credentials it was sent, in several encodings. */
function echoingRefusal(_req: MockChatRequest) {
  const said = `invalid key ${KEY} (b64 ${b64(KEY)}, url ${encodeURIComponent(KEY)}, basic ${b64(`alice:${KEY}`)}), headers X-Session=${SESSION} Ocp-Apim-Subscription-Key=${b64(SUBSCRIPTION)}`;
  return { error: { status: 401, body: { error: { message: said, type: 'invalid_request_error', code: 'invalid_api_key', echo: { authorization: `Bearer ${KEY}`, 'x-session': SESSION, 'ocp-apim-subscription-key': SUBSCRIPTION } } } } };
}

/** An OTLP/HTTP collector keeping every body it receives. */
function collector(): { server: Server; bodies: string[]; next(): Promise<string> } {
  const bodies: string[] = [];
  const waiting: ((b: string) => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      waiting.shift()?.(body);
    });
  });
  return { server, bodies, next: () => new Promise((resolve) => waiting.push(resolve)) };
}

/** A server that answers every request 401, quoting the credentials it was sent (plain and base64). */
async function echoingServer(): Promise<Server> {
  const echo = createServer((req, res) => {
    req.resume();
    const sent = `${req.headers.authorization} ${req.headers['x-session']} ${b64(String(req.headers['ocp-apim-subscription-key']))}`;
    res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `refused: ${sent}` } }));
  });
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
  return echo;
}

const METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;
const logged: string[] = [];
const originals = new Map<string, unknown>();
let mock: MockOpenAI;
let h: Harness;
let otlp: ReturnType<typeof collector>;

beforeAll(async () => {
  // The console as a log collector would see it (installed first: the redactor guards what is there).
  for (const m of METHODS) {
    originals.set(m, console[m]);
    console[m] = (...args: unknown[]) => void logged.push(format(...args));
  }
  mock = await startMockOpenAI({
    rules: [
      { name: 'refuse', match: { model: 'leaky-model' }, reply: echoingRefusal },
      { name: 'tool-final', match: { hasToolResultFor: 'lookup' }, reply: { content: 'done' } },
      { name: 'tool-call', match: { model: 'tool-model' }, reply: { tool_calls: [{ id: 'call_1', name: 'lookup', arguments: { q: 'x' } }] } },
    ],
  });
  otlp = collector();
  await new Promise<void>((r) => otlp.server.listen(0, '127.0.0.1', r));
  h = await startHarness({
    OPENAI_BASE_URL: mock.url,
    OPENAI_API_KEY: 'sk-env-default-key',
    SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1',
    TOOL_ACCESS_KEY: TOOL_KEY,
    TOOL_SESSION,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(otlp.server.address() as AddressInfo).port}`,
  });
  const saved = await h.call('POST', '/api/connections', { name: 'leaky', base_url: mock.url, api_key: KEY, headers: { 'X-Session': SESSION, 'Ocp-Apim-Subscription-Key': SUBSCRIPTION } });
  expect(saved.status).toBe(201);
});

afterAll(async () => {
  await h?.close();
  await mock?.close();
  await new Promise((r) => otlp?.server.close(r));
  for (const m of METHODS) console[m] = originals.get(m) as never;
});

describe('a model 401 that echoes the credentials', () => {
  let runId: string;
  let sseText = '';
  let exported: Promise<string>;

  it('fails the run with the server\'s words, the secrets masked, in the run, its events and its SSE stream', async () => {
    const graphId = await h.createGraph(agentGraph('leaky', { models: { default: { connection: 'leaky', model: 'leaky-model' } } }));
    exported = otlp.next();
    runId = await h.startRun(graphId, { input: 'hello' });
    const { sse } = await h.events(runId);
    const done = await h.waitForStatus(runId, ['failed']);
    sseText = JSON.stringify(await h.collect(sse));
    expect(mock.count('refuse')).toBe(1);
    expect(done.run.error?.code).toBe('model_unauthorized');
    // The server's words got through, masked: the test can fail.
    expect(done.run.error?.message).toContain('[redacted]');
    expect(done.run.error?.message).toContain('invalid key');
    expect(leaksIn(JSON.stringify(done))).toEqual([]);
    expect(sseText).toContain('model_unauthorized');
    expect(leaksIn(sseText)).toEqual([]);
    const list = await h.call('GET', '/api/runs?limit=50');
    expect(leaksIn(JSON.stringify(list.body))).toEqual([]);
  });

  it('the OTLP export carries the failure without a secret', async () => {
    const body = await exported;
    expect(body).toContain('model_unauthorized');
    expect(leaksIn(body)).toEqual([]);
  });

  it('the /v1 error, as JSON and streamed, carries no secret', async () => {
    const plain = await h.api.fetch('/api/v1/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'leaky', messages: [{ role: 'user', content: 'hi' }] }) });
    const text = await plain.text();
    expect(plain.status).toBeGreaterThanOrEqual(400);
    expect(text).toContain('[redacted]');
    expect(leaksIn(text)).toEqual([]);
    const streamed = await h.api.fetch('/api/v1/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'leaky', stream: true, messages: [{ role: 'user', content: 'hi' }] }) });
    const chunks = await streamed.text();
    expect(chunks).toContain('[redacted]');
    expect(leaksIn(chunks)).toEqual([]);
  });

  it('the connection Test masks what a server echoes of the headers it received, with the same redactor', async () => {
    const echo = await echoingServer();
    try {
      const base = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`;
      await h.call('POST', '/api/connections', { name: 'echoing', base_url: base, api_key: KEY, headers: { 'X-Session': SESSION, 'Ocp-Apim-Subscription-Key': SUBSCRIPTION } });
      const probe = await h.call('POST', '/api/connections/echoing/test');
      expect(probe.status).toBe(200);
      expect(probe.body).toMatchObject({ ok: false, code: 'unauthorized' });
      expect(probe.body.message).toContain('refused: Bearer [redacted] [redacted] [redacted]');
      expect(leaksIn(JSON.stringify(probe.body))).toEqual([]);
      const models = await h.call('GET', '/api/connections/echoing/models');
      expect(leaksIn(JSON.stringify(models.body))).toEqual([]);
    } finally {
      await new Promise((r) => echo.close(r));
    }
  });
});

describe('a tool whose server echoes its header values', () => {
  const toolGraph = (headers: Record<string, string>) =>
    agentGraph('tooly', {
      models: { default: { connection: 'default', model: 'tool-model' } },
      tools: { lookup: { type: 'http', method: 'GET', url: `${mock.origin}/echo/lookup?q={q}`, headers, args_schema: { type: 'object', properties: { q: { type: 'string' } } } } },
      agent: { tools: ['lookup'] },
    });

  it('a literal value under any header name (X-Session, Ocp-Apim-Subscription-Key) is refused: it would be stored and exported', async () => {
    for (const name of ['X-Session', 'Ocp-Apim-Subscription-Key', 'X-Signature']) {
      const r = await h.call('POST', '/api/graphs', { document: toolGraph({ [name]: TOOL_SESSION }) });
      expect(r.status).toBe(422);
      expect(r.body.errors).toContainEqual(expect.objectContaining({ code: 'literal_secret', path: `tools.lookup.headers.${name}` }));
    }
  });

  it('the tool result reaches the model, the trace and the store masked; the export holds only the references', async () => {
    const graphId = await h.createGraph(toolGraph({ 'X-Session': '${env:TOOL_SESSION}', 'X-Access-Key': '${env:TOOL_ACCESS_KEY}', Accept: 'application/json' }));
    const exported = await h.api.fetch(`/api/graphs/${graphId}/export`);
    const yaml = await exported.text();
    expect(yaml).toContain('${env:TOOL_SESSION}');
    expect(leaksIn(yaml)).toEqual([]);
    const runId = await h.startRun(graphId, { input: 'look it up' });
    const done = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(done.run.status).toBe('succeeded');
    // The echo server did get the values (the tool sent them) ...
    const echoed = mock.requests.find((r) => r.path === '/echo/lookup');
    expect(echoed?.headers['x-session']).toBe(TOOL_SESSION);
    expect(echoed?.headers['x-access-key']).toBe(TOOL_KEY);
    // ... and the model was told the result with them masked.
    const toolMessage = JSON.stringify(mock.chatRequests().at(-1)?.messages.find((m) => m.role === 'tool'));
    expect(toolMessage).toContain('[redacted]');
    expect(leaksIn(toolMessage)).toEqual([]);
    expect(leaksIn(JSON.stringify(done))).toEqual([]);
  });

  it('the MCP server Test masks what the server echoes of its headers', async () => {
    const echo = await echoingServer();
    try {
      const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/mcp`;
      const saved = await h.call('POST', '/api/mcp-servers', { name: 'echoing', transport: 'http', url, headers: { Authorization: `Bearer ${KEY}`, 'X-Session': SESSION } });
      expect(saved.status).toBe(201);
      const test = await h.call('POST', '/api/mcp-servers/echoing/test');
      expect(test.body.ok).toBe(false);
      expect(leaksIn(JSON.stringify(test.body))).toEqual([]);
    } finally {
      await new Promise((r) => echo.close(r));
    }
  });

  it('connection and MCP server answers name their headers, never a value', async () => {
    const mcp = await h.call('POST', '/api/mcp-servers', { name: 'remote', transport: 'http', url: `${mock.origin}/mcp`, headers: { 'X-Session': SESSION, 'X-Signature': SUBSCRIPTION } });
    expect(mcp.status).toBe(201);
    for (const path of ['/api/connections', '/api/mcp-servers']) {
      const r = await h.call('GET', path);
      expect(r.status, path).toBe(200);
      expect(leaksIn(JSON.stringify(r.body)), path).toEqual([]);
    }
  });
});

describe('after all of it', () => {
  it('the logs of the process hold no secret, even a line that quotes an upstream body', async () => {
    console.error('[test] the upstream said:', echoingRefusal({} as MockChatRequest).error.body);
    const all = logged.join('\n');
    expect(all).toContain('[redacted]');
    expect(leaksIn(all)).toEqual([]);
  });

  it('no table of the database holds a secret, in any encoding', async () => {
    const tables = await rawSql(
      isPostgres() ? "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'" : "select name from sqlite_master where type = 'table'",
    );
    expect(tables.length).toBeGreaterThan(5);
    let rows = 0;
    for (const { name } of tables) {
      const all = await rawSql(`select * from "${String(name)}"`);
      rows += all.length;
      const text = JSON.stringify(all, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('latin1') : v));
      expect(leaksIn(text), String(name)).toEqual([]);
    }
    expect(rows).toBeGreaterThan(20);
  });

  it('the SQLite file (and its WAL) holds no secret, byte for byte', async () => {
    await new Promise((r) => setTimeout(r, 100));
    for (const file of [h.dbFile, `${h.dbFile}-wal`]) {
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file).toString('latin1');
      expect(leaksIn(bytes), file).toEqual([]);
    }
  });
});
