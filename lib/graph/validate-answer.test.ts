import { describe, expect, it } from 'vitest';
import type { EdgeSpec, GraphDocument, NodeSpec } from './schema';
import { validateGraph } from './validate';
import { checkAnswer } from './validate-answer';

function doc(nodes: Record<string, NodeSpec>, edges: EdgeSpec[], more: Partial<GraphDocument> = {}): GraphDocument {
  return {
    switchyard: 1,
    name: 'answer-check',
    models: { default: { connection: 'default', model: 'gpt-test' } },
    tools: { fetch: { type: 'http', description: 'Fetch.', method: 'GET', url: 'https://example.org/x' } },
    state: { page: { type: 'string' } },
    nodes,
    edges,
    ...more,
  } as GraphDocument;
}

const fetchNode = (extra: Record<string, unknown> = {}) => ({ role: 'tool', tool: 'fetch', ...extra }) as NodeSpec;
const agent = { role: 'agent', strategy: 'tool_calling' } as NodeSpec;
const warningsOf = (d: GraphDocument) => validateGraph(d).warnings.filter((w) => w.code === 'no_answer');

describe('save warns when a run can end on a node that writes no answer', () => {
  it('a tool node writing a channel as the last node: a warning at the node, naming the channel and the fix', () => {
    const d = doc({ fetch: fetchNode({ output: 'page' }) }, [{ from: 'START', to: 'fetch' }, { from: 'fetch', to: 'END' }]);
    const result = validateGraph(d);
    expect(result.errors).toEqual([]);
    const [w] = warningsOf(d);
    expect(w).toMatchObject({ severity: 'warning', code: 'no_answer', path: 'nodes.fetch' });
    expect(w.message).toMatch(/^nodes\.fetch: the run can end on node "fetch" \(a tool node writing only "page"\)/);
    expect(w.message).toContain('its answer is then "page"');
    expect(w.message).toContain('`output: page`');
  });

  it('a tool node writing nothing, ending its branch without an edge: the answer would be null, and it says so', () => {
    const d = doc({ fetch: fetchNode() }, [{ from: 'START', to: 'fetch' }]);
    expect(warningsOf(d).map((w) => w.path)).toEqual(['nodes.fetch']);
    expect(warningsOf(d)[0].message).toContain('it then has no answer (null)');
  });

  it('warns on a conditional branch to END from a node that writes no answer, only when nothing on the way answered', () => {
    const routed = doc({ check: { role: 'router', mode: 'cel' } as NodeSpec, fetch: fetchNode({ output: 'page' }), writer: agent }, [
      { from: 'START', to: 'check' },
      { from: 'check', branches: [{ when: 'state.page == ""', to: 'fetch' }, { else: 'END' }] },
      { from: 'fetch', to: 'writer' },
      { from: 'writer', to: 'END' },
    ]);
    // check can end the run before anything answered; fetch hands over to the writer.
    expect(warningsOf(routed).map((w) => w.path)).toEqual(['nodes.check']);
  });

  it('no warning when an earlier node answered (an agent then a logging tool), nor for the writer/reviewer or an approval after an agent', () => {
    const logged = doc({ writer: agent, log: fetchNode({ output: 'page' }) }, [{ from: 'START', to: 'writer' }, { from: 'writer', to: 'log' }, { from: 'log', to: 'END' }]);
    expect(warningsOf(logged)).toEqual([]);
    const approval = doc({ writer: agent, approve: { role: 'human', prompt: 'Publish?' } as NodeSpec }, [
      { from: 'START', to: 'writer' },
      { from: 'writer', to: 'approve' },
      { from: 'approve', to: 'END' },
    ]);
    expect(warningsOf(approval)).toEqual([]);
  });

  it("no warning when the graph's output names the channel the last node writes, or is an expression; a warning when it names another", () => {
    const edges: EdgeSpec[] = [{ from: 'START', to: 'fetch' }, { from: 'fetch', to: 'END' }];
    expect(checkAnswer(doc({ fetch: fetchNode({ output: 'page' }) }, edges, { output: 'page' }))).toEqual([]);
    expect(checkAnswer(doc({ fetch: fetchNode({ output: 'page' }) }, edges, { output: 'state.page + "!"' }))).toEqual([]);
    const other = checkAnswer(doc({ fetch: fetchNode({ output: 'page' }), writer: agent }, [...edges, { from: 'START', to: 'writer' }, { from: 'writer', to: 'END' }], { output: 'summary', state: { page: { type: 'string' }, summary: { type: 'string' } } }));
    expect(other.map((p) => p.path).sort()).toEqual(['nodes.fetch', 'nodes.writer']);
    expect(other[0].message).toContain("to the graph's `output: summary`");
  });

  it('a worker only called by a supervisor does not end the run', () => {
    const d = doc({ boss: { role: 'supervisor', workers: ['fetcher'] } as NodeSpec, fetcher: agent }, [{ from: 'START', to: 'boss' }, { from: 'boss', to: 'END' }]);
    expect(warningsOf(d)).toEqual([]);
  });
});
