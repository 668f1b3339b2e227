/**
 * Through HTTP: tool configuration that cannot work is refused when a graph is saved or imported
 * (422, each problem with its path, and its line:col for YAML), checked against the operator's
 * configuration where a tool names it (a scorer's connection, an mcp tool's server); an autosave
 * keeps such an edit as the draft with its problems; a server removed after saving fails the run at
 * its start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphDocument, ToolSpec } from '@/lib/graph/schema';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph } from './testing/graphs';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'sk-test', SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
});

const withTool = (name: string, tool: ToolSpec): GraphDocument => agentGraph(name, { tools: { t: tool }, agent: { tools: ['t'] } });

const importYaml = (yaml: string) => h.api.fetch('/api/graphs/import', { method: 'POST', headers: { 'content-type': 'application/yaml' }, body: yaml });

/** A graph whose agent uses one tool, `t`, written in flow style on line 5. */
const yamlWith = (name: string, toolYaml: string) => `switchyard: 1
name: ${name}
models: { default: { connection: default, model: m } }
tools:
  t: ${toolYaml}
nodes:
  a: { role: agent, tools: [t] }
edges:
  - { from: START, to: a }
  - { from: a, to: END }
`;

const problems = (body: { errors?: { code: string; path: string; line?: number; col?: number }[] }) =>
  (body.errors ?? []).map((p) => `${p.code} @ ${p.path}${p.line ? ` ${p.line}:${p.col}` : ''}`);

describe('tool checks when a graph is saved or imported', () => {
  it('a scorer naming a connection that is not configured is refused until the connection exists', async () => {
    const doc = withTool('scorer-conn', { type: 'document_sampler', top_p: 0.8, scorer: { type: 'rerank', connection: 'rerankers', model: 'r' } });
    const refused = await h.call('POST', '/api/graphs', { document: doc });
    expect(refused.status).toBe(422);
    expect(problems(refused.body)).toEqual(['unknown_connection @ tools.t.scorer.connection']);
    expect(refused.body.error.message).toMatch(/unknown connection "rerankers" for the rerank scorer/);
    expect((await h.call('POST', '/api/connections', { name: 'rerankers', base_url: 'http://127.0.0.1:9/v1' })).status).toBe(201);
    expect((await h.call('POST', '/api/graphs', { document: doc })).status).toBe(201);
    // `default` is the environment's connection.
    const onDefault = withTool('scorer-default', { type: 'web_retriever', provider: 'serper', top_p: 0.5, scorer: { type: 'embeddings', connection: 'default', model: 'e' } });
    expect((await h.call('POST', '/api/graphs', { document: onDefault })).status).toBe(201);
  });

  it('an import naming an unknown MCP server is refused at its line; accepted once the server is configured', async () => {
    const yaml = yamlWith('mcp-import', '{ type: mcp, server: tools_srv, tools: [add] }');
    const refused = await importYaml(yaml);
    expect(refused.status).toBe(422);
    expect(problems((await refused.json()) as never)).toEqual(['unknown_mcp_server @ tools.t.server 5:27']);
    expect((await h.call('POST', '/api/mcp-servers', { name: 'tools_srv', url: 'http://127.0.0.1:9/mcp' })).status).toBe(201);
    expect((await importYaml(yaml)).status).toBe(201);
  });

  it('a searxng search without url is refused at its provider line', async () => {
    const res = await importYaml(yamlWith('searx-no-url', '{ type: web_search, provider: searxng }'));
    expect(res.status).toBe(422);
    expect(problems((await res.json()) as never)).toEqual(['searxng_no_url @ tools.t.provider 5:36']);
  });

  it('an autosave naming an unknown server is kept as the draft with its problem', async () => {
    const id = await h.createGraph(withTool('mcp-draft', { type: 'calculator' }));
    const edit = withTool('mcp-draft', { type: 'mcp', server: 'nowhere', tools: ['add'] });
    const res = await h.call('PUT', `/api/graphs/${id}`, { document: edit, autosave: true });
    expect(res.status).toBe(202);
    expect(problems({ errors: res.body.problems })).toEqual(['unknown_mcp_server @ tools.t.server']);
  });

  it('a server removed after the graph was saved fails the run at its start, naming the tool', async () => {
    expect((await h.call('POST', '/api/mcp-servers', { name: 'gone', url: 'http://127.0.0.1:9/mcp' })).status).toBe(201);
    const graphId = await h.createGraph(withTool('mcp-gone', { type: 'mcp', server: 'gone', tools: ['add'] }));
    expect((await h.call('DELETE', '/api/mcp-servers/gone')).status).toBe(204);
    const runId = await h.startRun(graphId, { input: 'hi' });
    const { run } = await h.waitForStatus(runId, ['failed']);
    expect(run.error).toMatchObject({ code: 'unknown_mcp_server', message: expect.stringMatching(/tools\.t\.server: unknown MCP server "gone"/) });
  });
});
