/** GET /api/graphs/:id/versions/diff?a=V&b=W over real HTTP against a temporary SQLite file. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { VersionDiffResponse } from '@/lib/contracts/graph-versions';
import { SavedGraphResponse } from '@/lib/contracts/graphs';
import type { GraphDocument } from '@/lib/graph/schema';
import { writerReviewerGraph } from '@/lib/graph/testing/fixtures';
import { startHarness, type Harness } from '@/lib/runtime/testing/harness';
import { expectApiError as expectError } from '@/lib/testing/expect-api-error';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  getDb().run(sql`delete from graphs`);
});

const sendJson = (p: string, method: string, body: unknown) =>
  h.api.fetch(p, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const diff = (id: string, query: string) => h.api.fetch(`/api/graphs/${id}/versions/diff${query}`);

function withPrompt(d: GraphDocument, prompt: string): GraphDocument {
  const next = structuredClone(d);
  (next.nodes.writer as { system_prompt?: string }).system_prompt = prompt;
  return next;
}

/** v1 the fixture; v2 the writer's prompt changed; v3 a critic between writer and reviewer; v4 (current) the prompt again. */
async function fourVersions(): Promise<string> {
  const v1 = writerReviewerGraph();
  v1.name = 'diffs';
  const v2 = withPrompt(v1, 'Write short.');
  const v3 = structuredClone(v2);
  v3.nodes.critic = { role: 'agent', system_prompt: 'Critique.' };
  v3.edges = v3.edges.map((e) => ('to' in e && e.from === 'writer' ? { from: 'writer', to: 'critic' } : e));
  v3.edges.push({ from: 'critic', to: 'reviewer' });
  const v4 = withPrompt(v3, 'Write shorter.');
  const created = await sendJson('/api/graphs', 'POST', { document: v1 });
  expect(created.status).toBe(201);
  const { id } = SavedGraphResponse.parse(await created.json());
  for (const d of [v2, v3, v4]) expect((await sendJson(`/api/graphs/${id}`, 'PUT', { document: d })).status).toBe(200);
  return id;
}

describe('diff of any two versions', () => {
  it('compares two old versions (neither is the current one): YAML lines and what changed in nodes and edges', async () => {
    const id = await fourVersions();
    const res = await diff(id, '?a=1&b=3');
    expect(res.status).toBe(200);
    const body = VersionDiffResponse.parse(await res.json());
    expect(body).toMatchObject({ a: 1, b: 3 });
    expect(body.changes.nodes).toEqual({ added: ['critic'], removed: [], changed: ['writer'] });
    expect(body.changes.edges).toEqual({ added: ['writer → critic', 'critic → reviewer'], removed: ['writer → reviewer'], changed: [] });
    expect(body.summary).toBe(
      '1 node added (critic), 1 node changed (writer), 2 edges added (writer → critic, critic → reviewer), 1 edge removed (writer → reviewer)',
    );
    const removed = body.lines.filter((l) => l.op === 'del').map((l) => l.text.trim());
    const added = body.lines.filter((l) => l.op === 'add').map((l) => l.text.trim());
    expect(removed).toContain('system_prompt: Write.');
    expect(added).toContain('system_prompt: Write short.');
    expect(added).toContain('critic:');
    expect(added.join('\n')).not.toContain('Write shorter.'); // version 4 is not part of it
    expect(body.stats).toEqual({ added: added.length, removed: removed.length });
  });

  it('is directional (b → a swaps added and removed) and a version against itself has no differences', async () => {
    const id = await fourVersions();
    const back = VersionDiffResponse.parse(await (await diff(id, '?a=3&b=1')).json());
    expect(back.changes.nodes).toEqual({ added: [], removed: ['critic'], changed: ['writer'] });
    const same = VersionDiffResponse.parse(await (await diff(id, '?a=2&b=2')).json());
    expect(same.stats).toEqual({ added: 0, removed: 0 });
    expect(same.lines.every((l) => l.op === 'same')).toBe(true);
    expect(same.summary).toBe('no changes');
  });

  it('404 for an unknown version or graph', async () => {
    const id = await fourVersions();
    const body = await expectError(await diff(id, '?a=1&b=9'), 404, 'not_found');
    expect(body.error.message).toContain('version 9');
    await expectError(await diff(id, '?a=9&b=1'), 404, 'not_found');
    await expectError(await diff('nope', '?a=1&b=2'), 404, 'not_found');
  });

  it('400 when a or b is missing or not a positive integer', async () => {
    const id = await fourVersions();
    for (const q of ['', '?a=1', '?b=2', '?a=&b=2']) {
      const body = await expectError(await diff(id, q), 400, 'bad_request');
      expect(body.error.message).toMatch(/a=1&b=3|positive integer/);
    }
    for (const bad of ['abc', '1.5', '-1', '0', '1e2']) {
      const body = await expectError(await diff(id, `?a=1&b=${encodeURIComponent(bad)}`), 400, 'bad_request');
      expect(body.error.message).toMatch(/^invalid b .*positive integer/);
    }
  });
});
