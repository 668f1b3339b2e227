/** The graphs HTTP API driven over real HTTP (lib/testing/api-server) against a temporary SQLite file (graphs-api.postgres.test.ts: PostgreSQL). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GraphListResponse, ImportGraphResponse, SavedGraphResponse, GraphRecord } from '@/lib/contracts/graphs';
import { stringifyGraph } from '@/lib/graph/yaml';
import { writerReviewerGraph } from '@/lib/graph/testing/fixtures';
import type { GraphDocument } from '@/lib/graph/schema';
import { rawCount, rawSql } from '@/lib/testing/raw-sql';
import { startHarness, type Harness } from '@/lib/runtime/testing/harness';
import type { ApiServer } from '@/lib/testing/api-server';
import { expectApiError as expectError } from '@/lib/testing/expect-api-error';

// A temporary database and the real route handlers over HTTP (the run API tests' harness).
let h: Harness;
let api: ApiServer;
beforeAll(async () => {
  h = await startHarness();
  api = h.api;
});
afterAll(() => h.close());
beforeEach(async () => {
  await rawSql('delete from graphs');
});

const counts = async () => ({
  graphs: await rawCount('select count(*) as n from graphs'),
  versions: await rawCount('select count(*) as n from graph_versions'),
});

function canonical(name = 'writer-reviewer', extra: Partial<GraphDocument> = {}): string {
  return stringifyGraph({ ...writerReviewerGraph(), name, ...extra });
}
const importYaml = (text: string | Uint8Array<ArrayBuffer>, query = '', type = 'application/yaml') =>
  api.fetch(`/api/graphs/import${query}`, { method: 'POST', headers: { 'content-type': type }, body: text });
const sendJson = (p: string, method: string, body: unknown) =>
  api.fetch(p, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('import and export', () => {
  it('import then export gives byte-identical YAML, as a download named <name>.yaml', async () => {
    const text = canonical('round-trip', { description: 'A "quoted" description: with colons\nand two lines.' });
    const res = await importYaml(text);
    expect(res.status).toBe(201);
    const { id, warnings } = ImportGraphResponse.parse(await res.json());
    expect(warnings).toEqual([]);
    const out = await api.fetch(`/api/graphs/${id}/export`);
    expect(out.status).toBe(200);
    expect(out.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(out.headers.get('content-disposition')).toBe('attachment; filename="round-trip.yaml"');
    expect(Buffer.from(await out.arrayBuffer()).equals(Buffer.from(text, 'utf8'))).toBe(true);
  });

  it('a bad import answers 422 with line, col and path for each problem and writes nothing', async () => {
    await importYaml(canonical('existing'));
    const before = await counts();
    const bad = canonical('broken').replace('to: reviewer', 'to: nobody');
    const body = await expectError(await importYaml(bad), 422, 'invalid_graph');
    expect(body.errors!.length).toBeGreaterThan(0);
    const e = body.errors![0];
    expect(e).toMatchObject({ severity: 'error', path: expect.stringMatching(/^edges\[\d+\]/) });
    expect(e.line).toBeGreaterThan(1);
    expect(e.col).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  });

  it('YAML syntax errors, unsafe YAML, binary bytes and an empty body are 422 and write nothing', async () => {
    const before = await counts();
    for (const body of ['switchyard: 1\nname: [oops\n', 'a: &x 1\nb: *x\n', 'x: !!js/function "f"\n', '', new Uint8Array([0xff, 0xfe, 0x00, 0x81])]) {
      const res = await importYaml(body);
      const err = await expectError(res, 422, 'invalid_graph');
      expect(err.errors![0].line).toBeGreaterThan(0);
    }
    expect(await counts()).toEqual(before);
  });

  it('a name that exists is a 409 (naming the graph); ?overwrite=true appends a version instead', async () => {
    const first = ImportGraphResponse.parse(await (await importYaml(canonical('dup'))).json());
    const dup = await expectError(await importYaml(canonical('dup', { description: 'again' })), 409, 'conflict');
    expect(dup.error.details).toEqual({ id: first.id });
    expect(await counts()).toEqual({ graphs: 1, versions: 1 });

    const res = await importYaml(canonical('dup', { description: 'again' }), '?overwrite=true');
    expect(res.status).toBe(200);
    expect(ImportGraphResponse.parse(await res.json())).toMatchObject({ id: first.id, version: 2, created: false });
    expect(await counts()).toEqual({ graphs: 1, versions: 2 });
    const versions = await (await api.fetch(`/api/graphs/${first.id}/versions`)).json();
    expect(versions.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
  });

  it('a 2 MiB body is refused with 413 and nothing written', async () => {
    const big = canonical('big') + `# ${'x'.repeat(2 * 1024 * 1024)}\n`;
    const before = await counts();
    await expectError(await importYaml(big), 413, 'payload_too_large');
    expect(await counts()).toEqual(before);
  });

  it('a non-YAML content type is 415 and a bad overwrite flag is 400', async () => {
    await expectError(await importYaml(canonical(), '', 'application/json'), 415, 'unsupported_media_type');
    await expectError(await importYaml(canonical(), '?overwrite=maybe'), 400, 'bad_request');
  });

  it('accepts text/plain and text/yaml bodies', async () => {
    expect((await importYaml(canonical('plain'), '', 'text/plain; charset=utf-8')).status).toBe(201);
    expect((await importYaml(canonical('texty'), '', 'text/yaml')).status).toBe(201);
  });
});

describe('graphs CRUD', () => {
  it('POST a document creates a graph; GET lists it with its roles count', async () => {
    const res = await sendJson('/api/graphs', 'POST', { document: { ...writerReviewerGraph(), name: 'made' } });
    expect(res.status).toBe(201);
    const saved = SavedGraphResponse.parse(await res.json());
    expect(res.headers.get('location')).toBe(`/api/graphs/${saved.id}`);
    const list = GraphListResponse.parse(await (await api.fetch('/api/graphs')).json());
    expect(list.graphs).toEqual([expect.objectContaining({ id: saved.id, name: 'made', roles: 2, version: 1 })]);
  });

  it('POST {} creates a blank START → END graph named untitled, then untitled-2', async () => {
    const a = SavedGraphResponse.parse(await (await sendJson('/api/graphs', 'POST', {})).json());
    const b = SavedGraphResponse.parse(await (await sendJson('/api/graphs', 'POST', { description: 'Second' })).json());
    expect(a.name).toBe('untitled');
    expect(a.document).toEqual({
      switchyard: 1,
      name: 'untitled',
      models: { default: { connection: 'default', model: 'gpt-4o-mini' } },
      nodes: {},
      edges: [{ from: 'START', to: 'END' }],
    });
    expect(b).toMatchObject({ name: 'untitled-2', description: 'Second' });
  });

  it('POST a blank graph with a taken name is 409; with a bad name 400', async () => {
    await sendJson('/api/graphs', 'POST', { name: 'taken' });
    await expectError(await sendJson('/api/graphs', 'POST', { name: 'taken' }), 409, 'conflict');
    await expectError(await sendJson('/api/graphs', 'POST', { name: 'no spaces allowed' }), 400, 'bad_request');
  });

  it('POST an unknown template is 404; an invalid document is 422 and writes nothing', async () => {
    await expectError(await sendJson('/api/graphs', 'POST', { template: 'no-such-example' }), 404, 'not_found');
    const doc = { ...writerReviewerGraph(), edges: [] };
    const body = await expectError(await sendJson('/api/graphs', 'POST', { document: doc }), 422, 'invalid_graph');
    expect(body.errors!.some((e) => e.code)).toBe(true);
    expect(await counts()).toEqual({ graphs: 0, versions: 0 });
  });

  it('PUT appends a version; GET returns the new document', async () => {
    const { id } = ImportGraphResponse.parse(await (await importYaml(canonical('editable'))).json());
    const next = { ...writerReviewerGraph(), name: 'editable', description: 'v2' };
    const res = await sendJson(`/api/graphs/${id}`, 'PUT', { document: next });
    expect(res.status).toBe(200);
    expect(SavedGraphResponse.parse(await res.json())).toMatchObject({ version: 2, description: 'v2' });
    const got = GraphRecord.parse(await (await api.fetch(`/api/graphs/${id}`)).json());
    expect(got.document).toEqual(next);
    expect(await counts()).toEqual({ graphs: 1, versions: 2 });
  });

  it('PUT an invalid document is 422 with its problems and writes nothing', async () => {
    const { id } = ImportGraphResponse.parse(await (await importYaml(canonical('stable'))).json());
    const before = await counts();
    const bad = { ...writerReviewerGraph(), name: 'stable', nodes: { writer: { role: 'wizard' } } };
    const body = await expectError(await sendJson(`/api/graphs/${id}`, 'PUT', { document: bad }), 422, 'invalid_graph');
    expect(body.errors![0].path).toMatch(/^nodes\.writer/);
    expect(await counts()).toEqual(before);
    expect(GraphRecord.parse(await (await api.fetch(`/api/graphs/${id}`)).json()).version).toBe(1);
  });

  it('a NUL character (which Postgres cannot store) is 400 naming where it is, on POST, PUT and as a draft, and writes nothing', async () => {
    const nul = { ...writerReviewerGraph(), name: 'nul-text', description: 'before\u0000after' };
    const created = await expectError(await sendJson('/api/graphs', 'POST', { document: nul }), 400, 'bad_request');
    expect(created.error.message).toMatch(/graph "nul-text": the document contains a NUL character/);
    expect(await counts()).toEqual({ graphs: 0, versions: 0 });
    const { id } = ImportGraphResponse.parse(await (await importYaml(canonical('nul-text'))).json());
    await expectError(await sendJson(`/api/graphs/${id}`, 'PUT', { document: nul }), 400, 'bad_request');
    const draft = { ...nul, nodes: { writer: { role: 'wizard' } } };
    const drafted = await expectError(await sendJson(`/api/graphs/${id}`, 'PUT', { document: draft, autosave: true }), 400, 'bad_request');
    expect(drafted.error.message).toMatch(/the draft contains a NUL character/);
    const record = GraphRecord.parse(await (await api.fetch(`/api/graphs/${id}`)).json());
    expect([record.version, record.document.description]).toEqual([1, undefined]);
    expect(await counts()).toEqual({ graphs: 1, versions: 1 });
  });

  it('PUT renaming onto another graph is 409', async () => {
    const { id } = ImportGraphResponse.parse(await (await importYaml(canonical('one'))).json());
    await importYaml(canonical('two'));
    await expectError(await sendJson(`/api/graphs/${id}`, 'PUT', { document: { ...writerReviewerGraph(), name: 'two' } }), 409, 'conflict');
  });

  it('bad JSON is 400 with the parser message; a wrong content type 415; __proto__ keys 422', async () => {
    const { id } = ImportGraphResponse.parse(await (await importYaml(canonical('target'))).json());
    const res = await api.fetch(`/api/graphs/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"document": ' });
    const body = await expectError(res, 400, 'bad_request');
    expect(body.error.message).toMatch(/not valid JSON/);
    await expectError(await api.fetch(`/api/graphs/${id}`, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: '{}' }), 415, 'unsupported_media_type');
    const evil = `{"document": {"switchyard": 1, "name": "target", "nodes": {}, "edges": [], "__proto__": {"polluted": true}}}`;
    const res2 = await api.fetch(`/api/graphs/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: evil });
    await expectError(res2, 422, 'invalid_graph');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('DELETE removes the graph and its versions; a second DELETE is 404', async () => {
    const { id } = ImportGraphResponse.parse(await (await importYaml(canonical('doomed'))).json());
    expect((await api.fetch(`/api/graphs/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await counts()).toEqual({ graphs: 0, versions: 0 });
    await expectError(await api.fetch(`/api/graphs/${id}`, { method: 'DELETE' }), 404, 'not_found');
  });

  it('an unknown id is 404 in the one error shape on every graph route', async () => {
    for (const p of ['/api/graphs/nope', '/api/graphs/nope/export', '/api/graphs/nope/versions']) {
      const body = await expectError(await api.fetch(p), 404, 'not_found');
      expect(body.error.message).toBe('graph not found');
    }
    await expectError(await sendJson('/api/graphs/nope', 'PUT', { document: writerReviewerGraph() }), 404, 'not_found');
  });
});

describe('schema, health and templates', () => {
  it('GET /api/schema serves the JSON Schema of the format', async () => {
    const res = await api.fetch('/api/schema');
    expect(res.status).toBe(200);
    const schema = await res.json();
    expect(schema.title).toBe('Switchyard graph document');
    expect(schema.required).toEqual(expect.arrayContaining(['switchyard', 'name', 'nodes', 'edges']));
  });

  it('GET /api/health is ok', async () => {
    expect(await (await api.fetch('/api/health')).json()).toEqual({ ok: true });
  });

  it('GET /api/graphs/templates lists the shipped examples, each creatable by name', async () => {
    const { templates } = await (await api.fetch('/api/graphs/templates')).json();
    expect(Array.isArray(templates)).toBe(true);
    for (const t of templates as { name: string }[]) {
      const res = await sendJson('/api/graphs', 'POST', { template: t.name });
      expect(res.status).toBe(201);
      expect((await res.json()).name).toBe(t.name);
    }
  });
});
