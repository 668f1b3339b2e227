/**
 * Drafts and meaningful versions (issue 12 items 3 and 4), through HTTP: an invalid autosave is
 * kept as the working draft while runs use the last valid version; a valid save clears it;
 * layout-only saves add no version; autosaves coalesce within the quiet period; "Save version"
 * keeps a note; the history says what changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphRecord, GraphVersionsResponse, SavedGraphResponse } from '@/lib/contracts/graphs';
import { agentGraph } from '@/lib/runtime/testing/graphs';
import { startHarness, type Harness } from '@/lib/runtime/testing/harness';
import type { GraphDocument } from '@/lib/graph/schema';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, SWITCHYARD_DEMO_DELAY_MS: '0' });
});
afterAll(async () => {
  await h?.close();
});

const put = (id: string, document: unknown, autosave = true) => h.call('PUT', `/api/graphs/${id}`, { document, autosave });
const graph = async (id: string) => GraphRecord.parse((await h.call('GET', `/api/graphs/${id}`)).body);
const versions = async (id: string) => GraphVersionsResponse.parse((await h.call('GET', `/api/graphs/${id}/versions`)).body).versions;
const withPrompt = (doc: GraphDocument, prompt: string): GraphDocument => ({ ...doc, nodes: { ...doc.nodes, agent: { ...doc.nodes.agent, system_prompt: prompt } as GraphDocument['nodes'][string] } });

describe('drafts', () => {
  it('keeps an invalid autosave as the draft with its problems; runs use the last valid version; a valid save clears it', async () => {
    const doc = agentGraph('drafty');
    const id = await h.createGraph(doc);
    const bad = { ...doc, edges: [...doc.edges, { from: 'agent', to: 'nowhere' }] };
    const res = await put(id, bad);
    expect(res.status).toBe(202);
    const saved = SavedGraphResponse.parse(res.body);
    expect(saved.saved).toBe('draft');
    expect(saved.problems!.length).toBeGreaterThan(0);
    expect(saved.version).toBe(1);

    // another tab loading the graph sees the draft, and the last valid document
    const got = await graph(id);
    expect(got.draft?.document).toEqual(bad);
    expect(got.draft?.problems.length).toBe(saved.problems!.length);
    expect(got.document).toEqual(doc);

    // runs use the last valid version
    const start = await h.call<{ run_id: string }>('POST', `/api/graphs/${id}/runs`, { input: 'hi', connection_override: 'demo' });
    const { run } = await h.waitForStatus(start.body.run_id, ['succeeded', 'failed']);
    expect(run.status).toBe('succeeded'); // the draft (an edge to a node that does not exist) could not have run

    // without autosave (API clients) an invalid document is still a 422 and changes nothing
    expect((await put(id, bad, false)).status).toBe(422);

    const fixed = withPrompt(doc, 'Answer briefly.');
    const ok = SavedGraphResponse.parse((await put(id, fixed)).body);
    expect(ok.saved).toBe('version');
    expect(ok.version).toBe(2);
    expect((await graph(id)).draft).toBeNull();
  });
});

describe('versions', () => {
  it('a layout-only save updates the current version instead of adding one', async () => {
    const doc = agentGraph('layouty');
    const id = await h.createGraph(doc);
    const moved = { ...doc, layout: { agent: { x: 10, y: 300 } } };
    const res = SavedGraphResponse.parse((await put(id, moved, false)).body);
    expect(res.saved).toBe('layout');
    expect(res.version).toBe(1);
    expect(await versions(id)).toHaveLength(1);
    expect((await graph(id)).document.layout).toEqual(moved.layout);
    expect(SavedGraphResponse.parse((await put(id, moved)).body).saved).toBe('unchanged');
  });

  it('autosaved logic edits within the quiet period replace the autosaved version; API saves and used versions do not', async () => {
    const doc = agentGraph('coalesce');
    const id = await h.createGraph(doc);
    expect(SavedGraphResponse.parse((await put(id, withPrompt(doc, 'one'))).body)).toMatchObject({ saved: 'version', version: 2 });
    expect(SavedGraphResponse.parse((await put(id, withPrompt(doc, 'two'))).body)).toMatchObject({ saved: 'coalesced', version: 2 });
    // a run uses version 2: the next autosave must not rewrite it
    const start = await h.call<{ run_id: string }>('POST', `/api/graphs/${id}/runs`, { input: 'hi', connection_override: 'demo' });
    await h.waitForStatus(start.body.run_id, ['succeeded', 'failed']);
    expect(SavedGraphResponse.parse((await put(id, withPrompt(doc, 'three'))).body)).toMatchObject({ saved: 'version', version: 3 });
    // an API save (no autosave) always appends
    expect(SavedGraphResponse.parse((await put(id, withPrompt(doc, 'four'), false)).body)).toMatchObject({ saved: 'version', version: 4 });
  });

  it('"Save version" keeps a note; the history says what changed', async () => {
    const doc = agentGraph('noted');
    const id = await h.createGraph(doc);
    const next: GraphDocument = {
      ...doc,
      nodes: { ...doc.nodes, critic: { role: 'agent' } as GraphDocument['nodes'][string] },
      edges: [{ from: 'START', to: 'agent' }, { from: 'agent', to: 'critic' }, { from: 'critic', to: 'END' }],
    };
    const res = await h.call('POST', `/api/graphs/${id}/versions`, { note: 'adds a critic', document: next });
    expect(res.status).toBe(201);
    expect(SavedGraphResponse.parse(res.body).version).toBe(2);
    expect((await h.call('POST', `/api/graphs/${id}/versions`, { note: '  ' })).status).toBe(400);
    const list = await versions(id);
    expect(list[0]).toMatchObject({ version: 2, note: 'adds a critic' });
    expect(list[0].changes).toMatchObject({ nodes: { added: ['critic'], removed: [], changed: [] }, edges: { added: ['agent → critic', 'critic → END'], removed: ['agent → END'] } });
    expect(list[0].summary).toContain('1 node added (critic)');
    expect(list[1]).toMatchObject({ version: 1, note: null });
  });
});
