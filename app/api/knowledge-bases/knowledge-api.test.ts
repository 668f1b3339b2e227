/**
 * Knowledge bases over the real routes (issue 23), on a real database, with the real openai client
 * calling the mock model server's /embeddings (deterministic hashed bag-of-words vectors):
 * a PDF, a DOCX, an HTML page and a Markdown file uploaded (fixtures made in the test) each reach
 * `ready` with chunks; hybrid, keyword and vector queries put the expected passage first for
 * questions worded unlike the passage; embeddings go in batches; the same content is stored once;
 * corrupt, oversized and unknown files are refused with a 4xx naming them; a failing embedding
 * endpoint fails the document with the reason and leaves no chunk; URL ingestion goes through the
 * SSRF guard; viewers query, editors change, other workspaces see nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corruptPdf, minimalDocx, minimalPdf } from '@/lib/knowledge/testing/fixtures';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startAuthServer, type AuthServer } from '@/lib/testing/auth-server';

let s: AuthServer;
let mock: MockOpenAI;
const c: Record<'admin' | 'alice' | 'vera' | 'bob', string> = { admin: '', alice: '', vera: '', bob: '' };
let A = '';
const MAX_BYTES = 200_000;

const FILLER = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) => `Note ${i} about ${topic}: the team keeps records of ${topic} in the shared folder, reviewed every quarter by the office manager.`).join('\n\n');

const PDF = minimalPdf([
  ['Customer handbook', 'This handbook covers payments and returns.'],
  ['Refunds are paid back to the original card within five business days.'],
]);
const DOCX = minimalDocx(['# Shipping', 'Parcels to Norway travel by sea freight and arrive in about two weeks.', FILLER('packaging', 3)]);
const HTML = `<!doctype html><html><head><title>Office hours</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Office hours</h1><p>The support desk answers phone calls from nine to five on weekdays, and is closed on public holidays.</p>
<h2>Visiting</h2><p>Visitors sign in at reception on the ground floor and wear a badge at all times inside the building.</p></article>
<footer>© Example Ltd</footer></body></html>`;
const MARKDOWN = `# Accounts\n\n## Passwords\n\nTo reset a forgotten password, open Settings and choose Send reset link; the link is valid for one hour.\n\n## Deleting\n\nAn admin deletes an account under Settings, Users.\n\n${FILLER('archives', 2)}`;

async function upload(name: string, bytes: Uint8Array | string, cookie = c.alice, base = 'handbook'): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), name);
  const res = await s.api.fetch(`/api/knowledge-bases/${base}/documents`, { method: 'POST', headers: { cookie, origin: s.api.url }, body: form });
  return { status: res.status, body: await res.json() };
}

async function settled(id: string, base = 'handbook'): Promise<any> {
  for (;;) {
    const { status, body } = await s.call('GET', `/api/knowledge-bases/${base}/documents/${id}`, { cookie: c.alice });
    expect(status).toBe(200);
    if (body.status === 'ready' || body.status === 'failed') return body;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const query = (body: unknown, cookie = c.alice, base = 'handbook') => s.call('POST', `/api/knowledge-bases/${base}/query`, { cookie }, body);
const embeddingCalls = () => mock.requests.filter((r) => r.path === '/v1/embeddings');

beforeAll(async () => {
  mock = await startMockOpenAI({
    rules: [
      { name: 'cite', match: { hasToolResultFor: 'faq' }, reply: (req) => ({ content: `Five business days (source: ${/\[1\] ([^\n]+)/.exec(String(req.messages.find((m) => m.role === 'tool')?.content))?.[1]}).` }) },
      { name: 'search', match: { offersTool: 'faq' }, reply: { tool_calls: [{ name: 'faq', arguments: { query: 'how long do refunds to my card take' } }] } },
    ],
  });
  s = await startAuthServer({ SWITCHYARD_RATE_LIMIT: '0', SWITCHYARD_ALLOWED_HOSTS: new URL(mock.url).host, SWITCHYARD_KNOWLEDGE_MAX_BYTES: String(MAX_BYTES) });
  c.admin = await s.setupAdmin();
  c.alice = await s.addUser(c.admin, 'alice@example.com', 'editor');
  c.vera = await s.addUser(c.admin, 'vera@example.com', 'viewer');
  c.bob = await s.addUser(c.admin, 'bob@example.com', 'editor');
  const users = (await s.call('GET', '/api/users', { cookie: c.admin })).body.users as { id: string; email: string }[];
  const id = (email: string) => users.find((u) => u.email === email)!.id;
  A = (await s.call('POST', '/api/workspaces', { cookie: c.admin }, { name: 'A' })).body.workspace.id;
  const B = (await s.call('POST', '/api/workspaces', { cookie: c.admin }, { name: 'B' })).body.workspace.id;
  for (const [email, ws, role] of [['alice@example.com', A, 'editor'], ['vera@example.com', A, 'viewer'], ['bob@example.com', B, 'editor']] as const) {
    expect((await s.call('PUT', `/api/workspaces/${ws}/members/${id(email)}`, { cookie: c.admin }, { role })).status).toBeLessThan(300);
  }
  // Their browser's current workspace is A (the switcher's cookie, lib/server/workspace-access.ts).
  c.alice += `; switchyard_workspace=${A}`;
  c.vera += `; switchyard_workspace=${A}`;
  expect((await s.call('POST', '/api/connections', { cookie: c.admin }, { name: 'embedder', base_url: mock.url, api_key: 'sk-embed' })).status).toBe(201);
  const made = await s.call('POST', `/api/knowledge-bases?workspace=${A}`, { cookie: c.alice }, { name: 'handbook', title: 'Handbook', embedding: { connection: 'embedder', model: 'mock-embed' }, chunking: { target_chars: 300, overlap: 30 } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
}, 60_000);

afterAll(async () => {
  await s?.close();
  await mock?.close();
});

describe('knowledge base documents', () => {
  const ids: Record<string, string> = {};

  it('a PDF, a DOCX, an HTML page and a Markdown file each reach ready with chunks, kind sniffed from the bytes', async () => {
    for (const [name, bytes] of [['handbook.pdf', PDF], ['shipping.docx', DOCX], ['hours.html', HTML], ['accounts.md', MARKDOWN]] as const) {
      const res = await upload(name, bytes);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      ids[name] = res.body.id;
    }
    const docs = await Promise.all(Object.values(ids).map((id) => settled(id)));
    for (const d of docs) expect({ name: d.name, status: d.status, error: d.error, hasChunks: d.chunks > 0 }).toEqual({ name: d.name, status: 'ready', error: null, hasChunks: true });
    expect(docs.map((d) => d.mime)).toEqual(['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/html', 'text/markdown']);
    const list = await s.call('GET', '/api/knowledge-bases/handbook', { cookie: c.alice });
    expect(list.body).toMatchObject({ name: 'handbook', documents: 4, embedding: { connection: 'embedder', model: 'mock-embed' } });
  });

  const QUESTIONS: [string, string, string | null][] = [
    ['How long until my refund reaches the card?', 'handbook.pdf', 'Refunds are paid back to the original card'],
    ['When will a parcel sent to Norway arrive?', 'shipping.docx', 'Parcels to Norway'],
    ['Which hours can I phone the support desk?', 'hours.html', 'The support desk answers phone calls'],
    ['I forgot my password: how do I reset it?', 'accounts.md', 'To reset a forgotten password'],
  ];

  for (const mode of ['hybrid', 'keyword', 'vector'] as const) {
    it(`${mode} queries put the expected passage first`, async () => {
      for (const [q, doc, passage] of QUESTIONS) {
        const res = await query({ query: q, mode, top_k: 3 });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.mode).toBe(mode);
        expect({ q, doc: res.body.hits[0]?.document.name }).toEqual({ q, doc });
        expect(res.body.hits[0].text).toContain(passage);
        expect(res.body.hits[0].document.id).toBe(ids[doc]);
        expect(res.body.hits.length).toBeLessThanOrEqual(3);
      }
    });
  }

  it('keeps the page of a PDF passage and the section of a Markdown one', async () => {
    const pdf = (await query({ query: 'refund card', mode: 'keyword', top_k: 1 })).body.hits[0];
    expect(pdf).toMatchObject({ page: 2, document: { name: 'handbook.pdf' } });
    const md = (await query({ query: 'reset forgotten password', mode: 'keyword', top_k: 1 })).body.hits[0];
    expect(md).toMatchObject({ section: 'Accounts › Passwords', position: 0 });
  });

  it('embeds in batches of at most 64 texts, one request per batch', async () => {
    const before = embeddingCalls().length;
    const long = Array.from({ length: 90 }, (_, i) => `## Topic ${i}\n\nFact number ${i} concerns item ${i} of the long inventory list.`).join('\n\n');
    const res = await upload('inventory.md', long);
    expect(res.status).toBe(202);
    const doc = await settled(res.body.id);
    expect(doc).toMatchObject({ status: 'ready', chunks: 90, progress: { done: 90, total: 90 } });
    const calls = embeddingCalls().slice(before).map((r) => (r.body as { input: string[] }).input.length);
    expect(calls).toEqual([64, 26]);
    expect(embeddingCalls().slice(before).every((r) => r.headers.authorization === 'Bearer sk-embed')).toBe(true);
  });

  it('stores the same content once: a second upload under another name answers the first document', async () => {
    const again = await upload('copy-of-accounts.txt', MARKDOWN);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: ids['accounts.md'], name: 'accounts.md', duplicate: true });
    const text = await s.call('POST', '/api/knowledge-bases/handbook/documents', { cookie: c.alice }, { name: 'pasted.md', text: MARKDOWN });
    expect(text.body).toMatchObject({ id: ids['accounts.md'], duplicate: true });
  });

  it('refuses a corrupt PDF, an oversized file and an unknown binary with a 4xx naming the problem, keeping nothing', async () => {
    const before = (await s.call('GET', '/api/knowledge-bases/handbook/documents', { cookie: c.alice })).body.documents.length;
    const corrupt = await upload('broken.pdf', corruptPdf());
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.error.message).toMatch(/^broken\.pdf: the PDF could not be read/);
    const big = await upload('huge.md', 'word '.repeat(MAX_BYTES / 4));
    expect(big.status).toBe(413);
    expect(big.body.error.message).toMatch(new RegExp(`huge\\.md: ${MAX_BYTES + MAX_BYTES / 4} bytes; a document may have at most ${MAX_BYTES} bytes|larger than the ${MAX_BYTES} bytes`));
    const png = await upload('diagram.md', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    expect(png.status).toBe(415);
    expect(png.body.error.message).toMatch(/^diagram\.md: not a document this can read/);
    const docx = await upload('notes.docx', minimalDocx(['x']).slice(0, 40));
    expect(docx.status).toBeGreaterThanOrEqual(400);
    expect(docx.status).toBeLessThan(500);
    expect(docx.body.error.message).toMatch(/^notes\.docx: /);
    expect((await s.call('GET', '/api/knowledge-bases/handbook/documents', { cookie: c.alice })).body.documents.length).toBe(before);
  });

  it('a failing embedding endpoint fails the document with the reason, and nothing of it is searchable', async () => {
    expect((await s.call('POST', '/api/knowledge-bases', { cookie: c.alice }, { name: 'broken', embedding: { connection: 'embedder', model: 'failing-embed' } })).status).toBe(201);
    const res = await upload('accounts.md', MARKDOWN, c.alice, 'broken');
    expect(res.status).toBe(202);
    const doc = await settled(res.body.id, 'broken');
    expect(doc).toMatchObject({ status: 'failed', chunks: 0 });
    expect(doc.error).toMatch(/embeddings \(connection "embedder", model "failing-embed"\) failed with 500/);
    expect((await query({ query: 'reset forgotten password', mode: 'keyword' }, c.alice, 'broken')).body.hits).toEqual([]);
    expect((await s.call('GET', '/api/knowledge-bases/broken', { cookie: c.alice })).body).toMatchObject({ documents: 1, chunks: 0 });
  });

  it('adds a page by URL through the SSRF guard, and refuses a private address', async () => {
    const ok = await s.call('POST', '/api/knowledge-bases/handbook/documents', { cookie: c.alice }, { url: `${mock.origin}/echo/faq?topic=greenhouse-watering` });
    expect(ok.status, JSON.stringify(ok.body)).toBe(202);
    expect(await settled(ok.body.id)).toMatchObject({ status: 'ready', name: 'faq', mime: 'application/json', source_url: `${mock.origin}/echo/faq?topic=greenhouse-watering` });
    expect((await query({ query: 'greenhouse watering', mode: 'keyword', top_k: 1 })).body.hits[0].document.name).toBe('faq');
    const blocked = await s.call('POST', '/api/knowledge-bases/handbook/documents', { cookie: c.alice }, { url: 'http://10.1.2.3/internal.md' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('ssrf_blocked');
  });

  it('a keyword-only base needs no key and refuses vector queries saying why', async () => {
    expect((await s.call('POST', '/api/knowledge-bases', { cookie: c.alice }, { name: 'plain' })).status).toBe(201);
    const before = embeddingCalls().length;
    const res = await upload('accounts.md', MARKDOWN, c.alice, 'plain');
    expect(await settled(res.body.id, 'plain')).toMatchObject({ status: 'ready' });
    expect(embeddingCalls().length).toBe(before);
    const hits = await query({ query: 'reset my password' }, c.alice, 'plain');
    expect(hits.body).toMatchObject({ mode: 'keyword', hits: [{ document: { name: 'accounts.md' } }] });
    const vector = await query({ query: 'reset my password', mode: 'vector' }, c.alice, 'plain');
    expect(vector.status).toBe(400);
    expect(vector.body.error.message).toMatch(/"plain" has no embedding model/);
  });

  it('deletes a document with its chunks, then a base with everything in it', async () => {
    expect((await s.call('DELETE', `/api/knowledge-bases/handbook/documents/${ids['hours.html']}`, { cookie: c.alice })).status).toBe(204);
    const hits = (await query({ query: 'Which hours can I phone the support desk?', mode: 'keyword' })).body.hits as { document: { name: string } }[];
    expect(hits.map((h) => h.document.name)).not.toContain('hours.html');
    expect((await s.call('DELETE', `/api/knowledge-bases/handbook/documents/${ids['hours.html']}`, { cookie: c.alice })).status).toBe(404);
    expect((await s.call('DELETE', '/api/knowledge-bases/plain', { cookie: c.alice })).status).toBe(204);
    expect((await s.call('GET', '/api/knowledge-bases/plain', { cookie: c.alice })).status).toBe(404);
  });
});

describe('the knowledge tool', () => {
  const graph = (base: string) =>
    [
      'switchyard: 1',
      'name: support',
      'models: { default: { connection: embedder, model: mock-model } }',
      'tools:',
      '  faq:',
      '    type: knowledge',
      `    knowledge_base: ${base}`,
      '    description: Our handbook',
      '    top_k: 3',
      '    mode: hybrid',
      '    top_p: 0.9',
      'nodes:',
      '  agent: { role: agent, strategy: tool_calling, tools: [faq] }',
      'edges:',
      '  - { from: START, to: agent }',
      '  - { from: agent, to: END }',
      '',
    ].join('\n');

  const importYaml = (yaml: string) =>
    s.api.fetch('/api/graphs/import', { method: 'POST', headers: { cookie: c.alice, origin: s.api.url, 'content-type': 'application/yaml' }, body: yaml }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it('validation flags a knowledge base the workspace does not have, at its YAML line', async () => {
    const res = await importYaml(graph('no-such-base'));
    expect(res.status).toBe(422);
    const problem = res.body.error.details.errors.find((p: { code: string }) => p.code === 'unknown_knowledge_base');
    expect(problem).toMatchObject({ path: 'tools.faq.knowledge_base', line: 7 });
    expect(problem.message).toMatch(/unknown knowledge base "no-such-base"/);
  });

  it('an agent calls it: the trace shows the query and each hit with score, document and position; the answer cites the document', async () => {
    const made = await importYaml(graph('handbook'));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const run = await s.call('POST', `/api/graphs/${made.body.id}/runs`, { cookie: c.alice }, { input: 'How fast are refunds?' });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    let detail: any;
    for (;;) {
      detail = (await s.call('GET', `/api/runs/${run.body.run_id}`, { cookie: c.alice })).body;
      if (['succeeded', 'failed', 'cancelled'].includes(detail.run.status)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(detail.run.status, JSON.stringify(detail.run.error)).toBe('succeeded');
    const result = detail.events.find((e: { type: string }) => e.type === 'tool.result').data;
    expect(result).toMatchObject({ tool: 'faq', knowledge_base: 'handbook', query: 'how long do refunds to my card take', mode: 'hybrid', top_p: 0.9 });
    expect(result.hits[0]).toMatchObject({ document: { name: 'handbook.pdf' }, page: 2, kept: true });
    expect(typeof result.hits[0].score).toBe('number');
    expect(typeof result.hits[0].position).toBe('number');
    expect(result.output).toMatch(/^\[1\] handbook\.pdf, p\. 2\nRefunds are paid back/);
    expect(detail.run.output).toBe('Five business days (source: handbook.pdf, p. 2).');
  });
});

describe('knowledge base access', () => {
  it('viewers list and query but cannot change; another workspace sees nothing (404)', async () => {
    expect((await s.call('GET', '/api/knowledge-bases', { cookie: c.vera })).body.knowledge_bases.map((b: { name: string }) => b.name)).toContain('handbook');
    expect((await query({ query: 'refund', mode: 'keyword' }, c.vera)).status).toBe(200);
    expect((await upload('x.md', '# x\n\nhello', c.vera)).status).toBe(403);
    expect((await s.call('PATCH', '/api/knowledge-bases/handbook', { cookie: c.vera }, { title: 'Mine' })).status).toBe(403);
    expect((await s.call('DELETE', '/api/knowledge-bases/handbook', { cookie: c.vera })).status).toBe(403);
    expect((await s.call('GET', '/api/knowledge-bases/handbook', { cookie: c.bob })).status).toBe(404);
    expect((await s.call('GET', `/api/knowledge-bases/handbook?workspace=${A}`, { cookie: c.bob })).status).toBe(404);
    expect((await query({ query: 'refund' }, c.bob)).status).toBe(404);
    expect((await s.call('GET', '/api/knowledge-bases', { cookie: c.bob })).body.knowledge_bases).toEqual([]);
  });

  it('validates bodies: a taken name is 409, a bad slug or mode 400 naming the field', async () => {
    expect((await s.call('POST', '/api/knowledge-bases', { cookie: c.alice }, { name: 'handbook' })).status).toBe(409);
    const slug = await s.call('POST', '/api/knowledge-bases', { cookie: c.alice }, { name: 'has spaces' });
    expect(slug.status).toBe(400);
    expect(JSON.stringify(slug.body)).toMatch(/name/);
    const mode = await query({ query: 'x', mode: 'semantic' });
    expect(mode.status).toBe(400);
    expect(JSON.stringify(mode.body)).toMatch(/mode/);
    const patched = await s.call('PATCH', '/api/knowledge-bases/handbook', { cookie: c.alice }, { title: 'Staff handbook', chunking: { target_chars: 500, overlap: 50 } });
    expect(patched.body).toMatchObject({ title: 'Staff handbook', chunking: { target_chars: 500, overlap: 50 } });
  });
});
