/**
 * Moving a graph between workspaces (issue 21, item 1): POST /api/graphs/:id/move needs the editor
 * role in both workspaces; the graph keeps its id, versions and runs (its runs are in its
 * workspace, so they move with it); a name taken in the target is 409; the YAML never names a workspace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import { startAuthServer, type AuthServer } from '@/lib/testing/auth-server';

let s: AuthServer;
const c: Record<'admin' | 'alice' | 'bob', string> = { admin: '', alice: '', bob: '' };
const ids: Record<string, string> = {};
let A = '';
let B = '';

const tiny = (name: string) => ({ switchyard: 1, name, nodes: { ask: { role: 'human', prompt: 'ok?' } }, edges: [{ from: 'START', to: 'ask' }, { from: 'ask', to: 'END' }] }) as GraphDocument;
const member = async (w: string, who: string, role: string) => expect((await s.call('PUT', `/api/workspaces/${w}/members/${ids[who]}`, { cookie: c.admin }, { role })).status).toBe(200);

beforeAll(async () => {
  s = await startAuthServer({ SWITCHYARD_RATE_LIMIT: '0' });
  c.admin = await s.setupAdmin();
  c.alice = await s.addUser(c.admin, 'alice@example.com', 'editor');
  c.bob = await s.addUser(c.admin, 'bob@example.com', 'editor');
  for (const u of (await s.call('GET', '/api/users', { cookie: c.admin })).body.users as { id: string; email: string }[]) ids[u.email.split('@')[0]!] = u.id;
  A = (await s.call('POST', '/api/workspaces', { cookie: c.admin }, { name: 'A' })).body.workspace.id;
  B = (await s.call('POST', '/api/workspaces', { cookie: c.admin }, { name: 'B' })).body.workspace.id;
  await member(A, 'alice', 'editor');
  await member(B, 'alice', 'viewer');
  await member(B, 'bob', 'editor');
}, 60_000);
afterAll(async () => s?.close());

describe('moving a graph between workspaces', () => {
  it('needs the editor role in both: 403 as a viewer of the target, 404 for a workspace one is not in; nothing moves', async () => {
    const g = await s.call('POST', `/api/graphs?workspace=${A}`, { cookie: c.alice }, { document: tiny('mover') });
    expect(g.status).toBe(201);
    expect((await s.call('POST', `/api/graphs/${g.body.id}/move`, { cookie: c.alice }, { workspace: B })).status).toBe(403);
    const personalOfBob = `personal-${ids.bob}`;
    expect((await s.call('POST', `/api/graphs/${g.body.id}/move`, { cookie: c.alice }, { workspace: personalOfBob })).status).toBe(404);
    expect((await s.call('POST', `/api/graphs/${g.body.id}/move`, { cookie: c.alice }, {})).status).toBe(400);
    expect((await s.call('GET', `/api/graphs/${g.body.id}`, { cookie: c.alice })).body.workspace_id).toBe(A);
  });

  it('an editor of both moves it with its versions and runs: the target’s members see them, the source’s no longer do; the YAML is the same', async () => {
    await member(B, 'alice', 'editor');
    const g = await s.call('POST', `/api/graphs?workspace=${A}`, { cookie: c.alice }, { document: tiny('traveller') });
    const run = await s.call('POST', `/api/graphs/${g.body.id}/runs`, { cookie: c.alice }, { input: 'hi' });
    expect(run.status).toBe(201);
    const yamlBefore = (await s.call('GET', `/api/graphs/${g.body.id}/export`, { cookie: c.alice })).body;
    expect((await s.call('GET', `/api/graphs/${g.body.id}`, { cookie: c.bob })).status).toBe(404);

    const moved = await s.call('POST', `/api/graphs/${g.body.id}/move`, { cookie: c.alice }, { workspace: B });
    expect(moved.status).toBe(200);
    expect([moved.body.id, moved.body.workspace_id, moved.body.version]).toEqual([g.body.id, B, 1]);
    // Bob (B only) now sees the graph, its run and its history; A's list no longer has it.
    expect((await s.call('GET', `/api/graphs/${g.body.id}`, { cookie: c.bob })).status).toBe(200);
    expect((await s.call('GET', `/api/runs/${run.body.run_id}`, { cookie: c.bob })).status).toBe(200);
    expect(((await s.call('GET', `/api/graphs/${g.body.id}/runs`, { cookie: c.bob })).body.runs as { id: string }[]).map((r) => r.id)).toEqual([run.body.run_id]);
    expect(((await s.call('GET', `/api/graphs?workspace=${A}`, { cookie: c.alice })).body.graphs as { id: string }[]).map((x) => x.id)).not.toContain(g.body.id);
    const yamlAfter = (await s.call('GET', `/api/graphs/${g.body.id}/export`, { cookie: c.bob })).body;
    expect(yamlAfter).toBe(yamlBefore);
    expect(String(yamlAfter)).not.toMatch(/workspace/);
  });

  it('409 when the target already has a graph of that name; the graph stays where it was', async () => {
    await s.call('POST', `/api/graphs?workspace=${B}`, { cookie: c.bob }, { document: tiny('twin') });
    const g = await s.call('POST', `/api/graphs?workspace=${A}`, { cookie: c.alice }, { document: tiny('twin') });
    expect(g.status).toBe(201);
    const res = await s.call('POST', `/api/graphs/${g.body.id}/move`, { cookie: c.alice }, { workspace: B });
    expect(res.status).toBe(409);
    expect((await s.call('GET', `/api/graphs/${g.body.id}`, { cookie: c.alice })).body.workspace_id).toBe(A);
  });
});
