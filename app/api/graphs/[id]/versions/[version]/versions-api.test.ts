/** The version routes over real HTTP (lib/testing/api-server) against a temporary SQLite file. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GraphVersionRecord, RestoreVersionResponse } from '@/lib/contracts/graph-versions';
import { GraphRecord, GraphVersionsResponse, SavedGraphResponse } from '@/lib/contracts/graphs';
import type { GraphDocument } from '@/lib/graph/schema';
import { writerReviewerGraph } from '@/lib/graph/testing/fixtures';
import { stringifyGraph } from '@/lib/graph/yaml';
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

const versionCount = () => rawCount('select count(*) as n from graph_versions');
const sendJson = (p: string, method: string, body: unknown) =>
  api.fetch(p, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const restore = (id: string, version: string | number, body?: unknown) =>
  body === undefined ? api.fetch(`/api/graphs/${id}/versions/${version}/restore`, { method: 'POST' }) : sendJson(`/api/graphs/${id}/versions/${version}/restore`, 'POST', body);

const doc = (name: string, prompt: string): GraphDocument => {
  const d = writerReviewerGraph();
  d.name = name;
  (d.nodes.writer as { system_prompt?: string }).system_prompt = prompt;
  return d;
};

/** A graph saved three times: v1 "Write.", v2 "Write short.", v3 "Write shorter." */
async function graphWithThreeVersions(name = 'history'): Promise<{ id: string; docs: GraphDocument[] }> {
  const docs = [doc(name, 'Write.'), doc(name, 'Write short.'), doc(name, 'Write shorter.')];
  const created = await sendJson('/api/graphs', 'POST', { document: docs[0] });
  expect(created.status).toBe(201);
  const { id } = SavedGraphResponse.parse(await created.json());
  for (const d of docs.slice(1)) expect((await sendJson(`/api/graphs/${id}`, 'PUT', { document: d })).status).toBe(200);
  return { id, docs };
}

describe('reading versions', () => {
  it('lists three versions after three saves, newest first', async () => {
    const { id } = await graphWithThreeVersions();
    const list = GraphVersionsResponse.parse(await (await api.fetch(`/api/graphs/${id}/versions`)).json());
    expect(list.versions.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it('gets one version with its document as saved and its canonical YAML', async () => {
    const { id, docs } = await graphWithThreeVersions();
    const res = await api.fetch(`/api/graphs/${id}/versions/1`);
    expect(res.status).toBe(200);
    const v = GraphVersionRecord.parse(await res.json());
    expect(v.version).toBe(1);
    expect(Number.isNaN(Date.parse(v.created_at))).toBe(false);
    expect(v.document).toEqual(docs[0]);
    expect(v.yaml).toBe(stringifyGraph(docs[0]));
  });

  it('an unknown graph or version is 404 in the one error shape', async () => {
    const { id } = await graphWithThreeVersions();
    await expectError(await api.fetch('/api/graphs/nope/versions/1'), 404, 'not_found');
    const body = await expectError(await api.fetch(`/api/graphs/${id}/versions/9`), 404, 'not_found');
    expect(body.error.message).toContain('version 9');
  });

  it('a version that is not a positive integer is 400', async () => {
    const { id } = await graphWithThreeVersions();
    for (const bad of ['abc', '1.5', '-1', '0', '1e2', '%20']) {
      const body = await expectError(await api.fetch(`/api/graphs/${id}/versions/${bad}`), 400, 'bad_request');
      expect(body.error.message).toMatch(/positive integer/);
      await expectError(await restore(id, bad), 400, 'bad_request');
    }
  });
});

describe('restoring a version', () => {
  it('saves version 1 as a new version 4: history is appended, never rewritten', async () => {
    const { id, docs } = await graphWithThreeVersions();
    const res = await restore(id, 1);
    expect(res.status).toBe(201);
    const restored = RestoreVersionResponse.parse(await res.json());
    expect(restored).toMatchObject({ id, version: 4, restored_from: 1, document: docs[0] });

    const current = GraphRecord.parse(await (await api.fetch(`/api/graphs/${id}`)).json());
    expect(current.version).toBe(4);
    expect(current.document).toEqual(docs[0]);
    const list = GraphVersionsResponse.parse(await (await api.fetch(`/api/graphs/${id}/versions`)).json());
    expect(list.versions.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    const v4 = GraphVersionRecord.parse(await (await api.fetch(`/api/graphs/${id}/versions/4`)).json());
    const v3 = GraphVersionRecord.parse(await (await api.fetch(`/api/graphs/${id}/versions/3`)).json());
    expect(v4.yaml).toBe(stringifyGraph(docs[0]));
    expect(v3.document).toEqual(docs[2]);
  });

  it('404 for an unknown graph or version, nothing written', async () => {
    const { id } = await graphWithThreeVersions();
    const before = await versionCount();
    await expectError(await restore('nope', 1), 404, 'not_found');
    await expectError(await restore(id, 7), 404, 'not_found');
    expect(await versionCount()).toBe(before);
  });

  it('409 with a clear message when the old name now belongs to another graph, nothing written', async () => {
    const { id } = await graphWithThreeVersions('alpha');
    expect((await sendJson(`/api/graphs/${id}`, 'PUT', { document: doc('alpha-renamed', 'Write.') })).status).toBe(200);
    const other = SavedGraphResponse.parse(await (await sendJson('/api/graphs', 'POST', { document: doc('alpha', 'Other.') })).json());
    const before = await versionCount();
    const body = await expectError(await restore(id, 1), 409, 'conflict');
    expect(body.error.message).toContain('Version 1 is named "alpha"');
    expect(body.error.message).toMatch(/another graph/);
    expect(body.error.details).toMatchObject({ name: 'alpha', id: other.id });
    expect(await versionCount()).toBe(before);
    const current = GraphRecord.parse(await (await api.fetch(`/api/graphs/${id}`)).json());
    expect(current).toMatchObject({ name: 'alpha-renamed', version: 4 });
  });

  it('422 with its problems when the stored document no longer validates (an old format), nothing written', async () => {
    const { id } = await graphWithThreeVersions();
    const old = { switchyard: 1, name: 'history', nodes: { writer: { role: 'wizard' } }, edges: [{ from: 'START', to: 'writer' }] };
    await rawSql('update graph_versions set document = ? where graph_id = ? and version = 1', [JSON.stringify(old), id]);
    const before = await versionCount();
    const body = await expectError(await restore(id, 1), 422, 'invalid_graph');
    expect(body.error.message).toMatch(/^version 1 is invalid/);
    expect(body.errors!.length).toBeGreaterThan(0);
    expect(body.errors![0]).toMatchObject({ severity: 'error', path: expect.stringContaining('nodes.writer') });
    expect(await versionCount()).toBe(before);
    // It can still be read (as it was stored), so the user sees what it held.
    const v1 = GraphVersionRecord.parse(await (await api.fetch(`/api/graphs/${id}/versions/1`)).json());
    expect(v1.document).toEqual(old);
    expect(v1.yaml).toContain('wizard');
  });

  it('base_version guards against restoring over a save made meanwhile (409); the matching one restores', async () => {
    const { id } = await graphWithThreeVersions();
    const body = await expectError(await restore(id, 1, { base_version: 2 }), 409, 'conflict');
    expect(body.error.message).toContain('now at version 3');
    expect(await versionCount()).toBe(3);
    expect((await restore(id, 1, { base_version: 3 })).status).toBe(201);
  });

  it('a body other than the JSON options is refused: 400 unknown field, 415 without JSON content type', async () => {
    const { id } = await graphWithThreeVersions();
    await expectError(await restore(id, 1, { version: 2 }), 400, 'bad_request');
    await expectError(await restore(id, 1, { base_version: 'three' }), 400, 'bad_request');
    const text = await api.fetch(`/api/graphs/${id}/versions/1/restore`, { method: 'POST', body: 'please', headers: { 'content-type': 'text/plain' } });
    await expectError(text, 415, 'unsupported_media_type');
    expect(await versionCount()).toBe(3);
  });
});
