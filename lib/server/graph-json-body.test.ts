/**
 * JSON saves of a whole graph document (POST /api/graphs, PUT /api/graphs/:id, POST
 * /api/graphs/:id/versions) past INLINE_PARSE_CHARS go through the parse worker under the import
 * gate: the same answers as a small body (201/200, 422 with the same problems, 400s), 413 past
 * SWITCHYARD_MAX_IMPORT_BYTES, 429 while the import slots are taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITER_REVIEWER_YAML, writerReviewerGraph } from '@/lib/graph/testing/fixtures';
import type { GraphDocument } from '@/lib/graph/schema';
import { startHarness, type Harness } from '@/lib/runtime/testing/harness';
import { expectApiError } from '@/lib/testing/expect-api-error';
import { importLimits, INLINE_PARSE_CHARS, withImportSlot } from './import-gate';
import { workerAnswers } from './import-worker';

/** The writer-reviewer graph named `name`, with `pad` layout entries for nodes it does not have (each a warning). */
function padded(name: string, pad: number, extra: Partial<GraphDocument> = {}): GraphDocument {
  const layout = Object.fromEntries(Array.from({ length: pad }, (_, i) => [`ghost${i}`, { x: i, y: 2 }]));
  return { ...writerReviewerGraph(), name, layout, ...extra };
}

const BIG = 3_000;

describe('large JSON graph saves', () => {
  let h: Harness;
  const send = (method: string, pathname: string, body: string) => h.api.fetch(pathname, { method, headers: { 'content-type': 'application/json' }, body });

  beforeAll(async () => {
    h = await startHarness({ SWITCHYARD_MAX_IMPORT_BYTES: String(256 * 1024), SWITCHYARD_MAX_CONCURRENT_IMPORTS: '1' });
  });
  afterAll(async () => h?.close());

  it('POST, PUT and Save version of a large document answer as small ones do, read in the worker', async () => {
    const body = JSON.stringify({ document: padded('big-json', BIG) });
    expect(body.length).toBeGreaterThan(INLINE_PARSE_CHARS);
    const before = workerAnswers('json');
    const created = await send('POST', '/api/graphs', body);
    expect(created.status).toBe(201);
    const record = (await created.json()) as { id: string; version: number; document: GraphDocument; warnings: { code: string; path: string }[] };
    expect(record.version).toBe(1);
    expect(record.warnings).toHaveLength(BIG);
    expect(record.warnings[0].path).toBe('layout.ghost0');
    expect(Object.keys(record.document.layout ?? {})).toHaveLength(BIG);
    // A small body's answer carries the same warning for the same entry.
    const small = await h.call('POST', '/api/graphs', { document: padded('small-json', 1) });
    expect(small.status).toBe(201);
    expect(small.body.warnings).toEqual([record.warnings[0]]);

    const put = await send('PUT', `/api/graphs/${record.id}`, JSON.stringify({ document: padded('big-json', BIG, { description: 'v2' }) }));
    expect(put.status).toBe(200);
    const saved = (await put.json()) as { version: number; description: string; saved: string; warnings: unknown[] };
    expect(saved).toMatchObject({ version: 2, description: 'v2', saved: 'version' });
    expect(saved.warnings).toHaveLength(BIG);

    const version = await send('POST', `/api/graphs/${record.id}/versions`, JSON.stringify({ note: 'named', document: padded('big-json', BIG, { description: 'v3' }) }));
    expect(version.status).toBe(201);
    const got = await h.call('GET', `/api/graphs/${record.id}`);
    expect(got.body).toMatchObject({ version: 3, description: 'v3' });
    expect(Object.keys(got.body.document.layout)).toHaveLength(BIG);
    expect(workerAnswers('json') - before).toBe(3);
  });

  it('an invalid large document is 422 with the problems and paths a small one gets, and nothing is written', async () => {
    const broken = (pad: number) => padded(`broken-${pad}`, pad, { nodes: { ...writerReviewerGraph().nodes, writer: { role: 'wizard' } as never } });
    const smallErr = await expectApiError(await send('POST', '/api/graphs', JSON.stringify({ document: broken(1) })), 422, 'invalid_graph');
    const before = workerAnswers('json');
    const bigErr = await expectApiError(await send('POST', '/api/graphs', JSON.stringify({ document: broken(BIG) })), 422, 'invalid_graph');
    expect(workerAnswers('json')).toBe(before + 1);
    expect(bigErr.errors!.map((e) => [e.code, e.path])).toEqual(smallErr.errors!.map((e) => [e.code, e.path]));
    expect(bigErr.errors![0].path).toMatch(/^nodes\.writer/);
    const list = await h.call('GET', '/api/graphs');
    expect(JSON.stringify(list.body)).not.toContain('broken-');
  });

  it('an invalid large autosave is kept as the draft (202), the last valid version unchanged', async () => {
    const created = await h.call('POST', '/api/graphs', { document: padded('drafted', 1) });
    const id = created.body.id as string;
    const bad = padded('drafted', BIG, { nodes: { ...writerReviewerGraph().nodes, reviewer: { role: 'wizard' } as never } });
    const res = await send('PUT', `/api/graphs/${id}`, JSON.stringify({ document: bad, autosave: true }));
    expect(res.status).toBe(202);
    const got = await h.call('GET', `/api/graphs/${id}`);
    expect(got.body.version).toBe(1);
    expect(got.body.draft.problems[0].path).toMatch(/^nodes\.reviewer/);
    expect(Object.keys(got.body.draft.document.layout)).toHaveLength(BIG);
  });

  it('large bodies that are not JSON, not an object, too deep or without a document get the same 400s as small ones', async () => {
    const pad = ' '.repeat(INLINE_PARSE_CHARS + 10);
    const notJson = await expectApiError(await send('POST', '/api/graphs', `{"document": ${pad}`), 400, 'bad_request');
    expect(notJson.error.message).toMatch(/not valid JSON/);
    await expectApiError(await send('POST', '/api/graphs', `[1, 2, 3]${pad}`), 400, 'bad_request');
    const deep = await expectApiError(await send('POST', '/api/graphs', `${'['.repeat(200)}${']'.repeat(200)}${pad}`), 400, 'bad_request');
    expect(deep.error.message).toMatch(/levels deep/);
    const noDoc = await expectApiError(await send('POST', '/api/graphs', JSON.stringify({ name: 'x', filler: pad })), 400, 'bad_request');
    expect(noDoc.error.message).toMatch(/filler/);
    const evil = `{"note": "evil", "document": {"__proto__": {"polluted": true}, ${JSON.stringify(padded('evil', BIG)).slice(1)}}`;
    const created = await h.call('POST', '/api/graphs', { name: 'target' });
    await expectApiError(await send('POST', `/api/graphs/${created.body.id}/versions`, evil), 422, 'invalid_graph');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('413 past SWITCHYARD_MAX_IMPORT_BYTES, naming the request body and the variable', async () => {
    const body = JSON.stringify({ document: padded('too-big', 20_000) });
    expect(body.length).toBeGreaterThan(256 * 1024);
    const err = await expectApiError(await send('POST', '/api/graphs', body), 413, 'payload_too_large');
    expect(err.error.message).toBe('the request body is larger than 256 KiB (SWITCHYARD_MAX_IMPORT_BYTES=262144)');
  });

  it('429 with Retry-After while the import slots are taken; small saves are not held up; saves again after', async () => {
    let release: () => void = () => {};
    const running = withImportSlot(importLimits(), () => new Promise<void>((r) => (release = r)));
    const res = await send('POST', '/api/graphs', JSON.stringify({ document: padded('while-busy', BIG) }));
    const err = await expectApiError(res, 429, 'rate_limited');
    expect(res.headers.get('retry-after')).toBe('1');
    expect(err.error.message).toBe('too many large graph saves at once: 1 may run at a time (SWITCHYARD_MAX_CONCURRENT_IMPORTS); try again in 1 s');
    expect((await h.call('POST', '/api/graphs', { document: padded('small-while-busy', 1) })).status).toBe(201);
    // Imports and large saves share the slots.
    const yaml = await h.api.fetch('/api/graphs/import', { method: 'POST', headers: { 'content-type': 'application/yaml' }, body: WRITER_REVIEWER_YAML.replace(/^name: .*$/m, 'name: yaml-busy') });
    await expectApiError(yaml, 429, 'rate_limited');
    release();
    await running;
    expect((await send('POST', '/api/graphs', JSON.stringify({ document: padded('after-busy', BIG) }))).status).toBe(201);
  });
});
