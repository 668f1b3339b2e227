import { describe, expect, it } from 'vitest';
import type { Problem } from './problems';
import type { GraphDocument, NodeSpec } from './schema';
import { writerReviewerGraph } from './testing/fixtures';
import { validateGraph } from './validate';

type Mutate = (doc: GraphDocument) => void;

function problemsAfter(mutate: Mutate): { errors: Problem[]; warnings: Problem[] } {
  const doc = writerReviewerGraph();
  mutate(doc);
  return validateGraph(doc);
}

const codes = (ps: Problem[]) => ps.map((p) => `${p.code} @ ${p.path}`);

function expectError(mutate: Mutate, code: string, path: string) {
  const { errors } = problemsAfter(mutate);
  expect(codes(errors)).toContain(`${code} @ ${path}`);
  const p = errors.find((e) => e.code === code && e.path === path)!;
  expect(p.severity).toBe('error');
  expect(p.message.startsWith(path ? `${path}: ` : '')).toBe(true);
}

function expectWarning(mutate: Mutate, code: string, path: string) {
  const { errors, warnings } = problemsAfter(mutate);
  expect(codes(errors)).toEqual([]);
  expect(codes(warnings)).toContain(`${code} @ ${path}`);
}

const node = (doc: GraphDocument, id: string) => doc.nodes[id] as NodeSpec & Record<string, unknown>;

describe('validateGraph', () => {
  it('a well-formed writer/reviewer loop has no errors and no warnings', () => {
    expect(validateGraph(writerReviewerGraph())).toEqual({ errors: [], warnings: [] });
  });

  describe('ids and references', () => {
    it('refuses START and END as node ids', () => {
      expectError((d) => void (d.nodes.START = { role: 'human', prompt: 'x' }), 'reserved_node_id', 'nodes.START');
      expectError((d) => void (d.nodes.END = { role: 'human', prompt: 'x' }), 'reserved_node_id', 'nodes.END');
    });
    it('warns when a tool has the same id as a node', () => {
      expectWarning((d) => void (d.tools!.writer = { type: 'calculator' }), 'id_collision', 'tools.writer');
    });
    it('does not warn for an agent tool named after the node it calls', () => {
      const { warnings } = problemsAfter((d) => {
        d.tools!.reviewer = { type: 'agent', node: 'reviewer' };
        node(d, 'writer').tools = ['calc', 'reviewer'];
      });
      expect(codes(warnings)).toEqual([]);
    });
    it('reports an edge to an unknown node at the edge field', () => {
      expectError((d) => void (d.edges[1] = { from: 'writer', to: 'reviwer' }), 'unknown_node', 'edges[1].to');
      expectError((d) => void (d.edges[1] = { from: 'ghost', to: 'reviewer' }), 'unknown_node', 'edges[1].from');
    });
    it('reports a branch to an unknown node', () => {
      expectError(
        (d) => void (d.edges[2] = { from: 'reviewer', branches: [{ when: 'true', to: 'nobody' }, { else: 'END' }] }),
        'unknown_node',
        'edges[2].branches[0].to',
      );
    });
    it('refuses edges into START and out of END', () => {
      expectError((d) => void d.edges.push({ from: 'writer', to: 'START' }), 'edge_to_start', 'edges[3].to');
      expectError((d) => void d.edges.push({ from: 'END', to: 'writer' }), 'edge_from_end', 'edges[3].from');
    });
    it('reports unknown tools on agents, executors and tool nodes', () => {
      expectError((d) => void (node(d, 'writer').tools = ['calc', 'serch']), 'unknown_tool', 'nodes.writer.tools[1]');
      expectError(
        (d) => void (d.nodes.writer = { role: 'executor', tools: ['nope'] }),
        'unknown_tool',
        'nodes.writer.tools[0]',
      );
      expectError((d) => void (d.nodes.writer = { role: 'tool', tool: 'nope' }), 'unknown_tool', 'nodes.writer.tool');
    });
    it('reports an unknown model name', () => {
      expectError((d) => void (node(d, 'writer').model = 'big'), 'unknown_model', 'nodes.writer.model');
    });
    it('requires a "default" model for nodes that need a model and name none', () => {
      expectError((d) => void (d.models = { big: { connection: 'default', model: 'gpt-4o' } }), 'unknown_model', 'nodes.writer.model');
    });
    it('does not require a model for roles that do not call one', () => {
      const { errors } = problemsAfter((d) => {
        d.models = {};
        d.nodes = { ask: { role: 'human', prompt: 'OK?' }, route: { role: 'router', mode: 'cel' } };
        d.edges = [
          { from: 'START', to: 'ask' },
          { from: 'ask', to: 'route' },
          { from: 'route', branches: [{ when: 'true', to: 'END' }, { else: 'END' }] },
        ];
        d.layout = {};
      });
      expect(codes(errors)).toEqual([]);
    });
    it('requires a model for an LLM router', () => {
      expectError(
        (d) => {
          d.models = {};
          d.nodes = { route: { role: 'router', mode: 'llm' } };
          d.edges = [{ from: 'START', to: 'route' }, { from: 'route', branches: [{ when: 'true', to: 'END' }, { else: 'END' }] }];
          d.layout = {};
        },
        'unknown_model',
        'nodes.route.model',
      );
    });
    it('reports supervisor workers that are not nodes, and a supervisor working for itself', () => {
      expectError(
        (d) => void (d.nodes.boss = { role: 'supervisor', workers: ['writer', 'ghost'] }),
        'unknown_node',
        'nodes.boss.workers[1]',
      );
      expectError((d) => void (d.nodes.boss = { role: 'supervisor', workers: ['boss'] }), 'self_call', 'nodes.boss.workers[0]');
    });
    it('reports an agent tool whose node is unknown, and an agent calling itself', () => {
      expectError((d) => void (d.tools!.helper = { type: 'agent', node: 'ghost' }), 'unknown_node', 'tools.helper.node');
      expectError(
        (d) => {
          d.tools!.me = { type: 'agent', node: 'writer' };
          node(d, 'writer').tools = ['me'];
        },
        'self_call',
        'nodes.writer.tools[0]',
      );
    });
    it('checks subgraph names and refuses a graph running itself', () => {
      const sub = (graph: string) => (d: GraphDocument) => {
        d.nodes.sub = { role: 'subgraph', graph };
        d.edges[1] = { from: 'writer', to: 'sub' };
        d.edges.push({ from: 'sub', to: 'reviewer' });
      };
      expectError(sub('not a name!'), 'invalid_graph_name', 'nodes.sub.graph');
      expectError(sub('writer-reviewer'), 'self_call', 'nodes.sub.graph');
      expect(problemsAfter(sub('research-team')).errors).toEqual([]);
    });
  });

  describe('CEL', () => {
    it.each([
      ['a branch condition', (d: GraphDocument) => void (d.edges[2] = { from: 'reviewer', branches: [{ when: 'state.verdict ==', to: 'writer' }, { else: 'END' }] }), 'edges[2].branches[0].when'],
      ['an exit condition', (d: GraphDocument) => void (node(d, 'writer').exit = { when: 'state.(' }), 'nodes.writer.exit.when'],
      ['a node input', (d: GraphDocument) => void (node(d, 'writer').input = '1 +'), 'nodes.writer.input'],
      ['a tool node argument', (d: GraphDocument) => void (d.nodes.writer = { role: 'tool', tool: 'calc', args: { expression: '"unterminated' } }), 'nodes.writer.args.expression'],
      ['a human node show', (d: GraphDocument) => void (d.nodes.writer = { role: 'human', prompt: 'ok?', show: ')(' }), 'nodes.writer.show'],
    ])('reports %s that does not compile', (_name, mutate, path) => {
      expectError(mutate, 'cel_syntax', path);
    });
  });

  describe('conditional edges', () => {
    it('warns when there is no else', () => {
      expectWarning(
        (d) => void (d.edges[2] = { from: 'reviewer', branches: [{ when: 'state.verdict == "revise"', to: 'writer' }, { when: 'true', to: 'END' }] }),
        'missing_else',
        'edges[2].branches',
      );
    });
    it('refuses an else that is not last and a second else', () => {
      expectError(
        (d) => void (d.edges[2] = { from: 'reviewer', branches: [{ else: 'END' }, { when: 'true', to: 'writer' }] }),
        'else_not_last',
        'edges[2].branches[0].else',
      );
      expectError(
        (d) => void (d.edges[2] = { from: 'reviewer', branches: [{ when: 'true', to: 'writer' }, { else: 'END' }, { else: 'writer' }] }),
        'duplicate_else',
        'edges[2].branches[2].else',
      );
    });
    it('refuses two conditional edges from one node', () => {
      expectError(
        (d) => void d.edges.push({ from: 'reviewer', branches: [{ when: 'false', to: 'writer' }, { else: 'END' }] }),
        'multiple_conditional_edges',
        'edges[3]',
      );
    });
    it('allows a plain fan-out edge beside a conditional edge', () => {
      const { errors } = problemsAfter((d) => {
        d.nodes.log = { role: 'tool', tool: 'calc' };
        d.edges.push({ from: 'reviewer', to: 'log' }, { from: 'log', to: 'END' });
      });
      expect(errors).toEqual([]);
    });
    it('warns about a duplicated plain edge', () => {
      expectWarning((d) => void d.edges.push({ from: 'writer', to: 'reviewer' }), 'duplicate_edge', 'edges[3]');
    });
    it('warns about a router with no branches to choose from', () => {
      expectWarning(
        (d) => {
          d.nodes.route = { role: 'router' };
          d.edges.splice(1, 1, { from: 'writer', to: 'route' }, { from: 'route', to: 'reviewer' });
        },
        'router_without_branches',
        'nodes.route',
      );
    });
  });

  describe('flow', () => {
    it('refuses a graph with no edge from START', () => {
      expectError((d) => void d.edges.shift(), 'no_entry', 'edges');
    });
    it('warns about nodes START cannot reach', () => {
      expectWarning(
        (d) => {
          d.nodes.orphan = { role: 'human', prompt: 'hello?' };
          d.edges.push({ from: 'orphan', to: 'END' });
        },
        'unreachable_node',
        'nodes.orphan',
      );
    });
    it('counts supervisor workers and agent tools as reachable, and lets them return to their caller', () => {
      const { warnings, errors } = problemsAfter((d) => {
        d.nodes.boss = { role: 'supervisor', workers: ['helper'] };
        d.nodes.helper = { role: 'agent' };
        d.nodes.sidekick = { role: 'agent' };
        d.tools!.ask_sidekick = { type: 'agent', node: 'sidekick' };
        node(d, 'writer').tools = ['ask_sidekick'];
        d.edges[0] = { from: 'START', to: 'boss' };
        d.edges.push({ from: 'boss', to: 'writer' });
      });
      expect(codes(errors)).toEqual([]);
      expect(codes(warnings)).toEqual([]);
    });
    it('warns about a node with no path to END', () => {
      expectWarning(
        (d) => {
          d.nodes.sink = { role: 'human', prompt: 'stuck' };
          d.edges[1] = { from: 'writer', to: 'sink' };
          d.edges.push({ from: 'writer', to: 'reviewer' });
        },
        'no_path_to_end',
        'nodes.sink',
      );
    });
    it('refuses a cycle of plain edges (it can never stop)', () => {
      expectError(
        (d) => void (d.edges[2] = { from: 'reviewer', to: 'writer' }),
        'unbounded_cycle',
        'nodes.writer',
      );
    });
    it('refuses a self-loop', () => {
      expectError((d) => void d.edges.push({ from: 'writer', to: 'writer' }), 'unbounded_cycle', 'nodes.writer');
    });
    it('refuses a cycle whose conditional branches all stay inside it', () => {
      expectError(
        (d) => void (d.edges[2] = { from: 'reviewer', branches: [{ when: 'true', to: 'writer' }, { else: 'reviewer' }] }),
        'unbounded_cycle',
        'nodes.writer',
      );
    });
    it('accepts a cycle with a conditional exit anywhere on it', () => {
      const { errors } = problemsAfter((d) => {
        d.nodes.editor = { role: 'agent' };
        d.edges[2] = { from: 'reviewer', to: 'editor' };
        d.edges.push({ from: 'editor', branches: [{ when: 'size(state.messages) < 10', to: 'writer' }, { else: 'END' }] });
      });
      expect(errors).toEqual([]);
    });
  });

  describe('limits, state and layout', () => {
    it.each([
      ['recursion_limit', 0],
      ['recursion_limit', 1001],
      ['timeout_s', 0.5],
      ['timeout_s', 90_000],
      ['max_tokens', 0],
    ] as const)('refuses %s = %d', (key, value) => {
      expectError((d) => void (d.limits = { [key]: value }), 'limit_out_of_range', `limits.${key}`);
    });
    it('accepts limits at the edges of their ranges', () => {
      expect(problemsAfter((d) => void (d.limits = { recursion_limit: 1, timeout_s: 86_400, max_tokens: 1 })).errors).toEqual([]);
    });
    it('warns when a node writes to an undeclared channel, but not to implicit ones', () => {
      expectWarning((d) => void (node(d, 'reviewer').output = 'verdikt'), 'unknown_channel', 'nodes.reviewer.output');
      expect(problemsAfter((d) => void (node(d, 'reviewer').output = 'messages')).warnings).toEqual([]);
    });
    it('warns about layout entries for unknown nodes, but not for START and END', () => {
      expectWarning((d) => void (d.layout!.ghost = { x: 1, y: 2 }), 'layout_unknown_node', 'layout.ghost');
      expect(problemsAfter((d) => void Object.assign(d.layout!, { START: { x: 0, y: -200 }, END: { x: 0, y: 400 } })).warnings).toEqual([]);
    });
    it('warns when an exit tool is not one the agent is offered', () => {
      expectWarning((d) => void (node(d, 'writer').exit = { tool: 'finish' }), 'exit_tool_not_offered', 'nodes.writer.exit.tool');
    });
  });

  describe('secrets', () => {
    const withHeaders = (headers: Record<string, string>) => (d: GraphDocument) =>
      void (d.tools = { ...d.tools, kb: { type: 'http', url: 'https://kb.example.org/search?q={q}', headers } });
    it.each([
      ['Authorization', 'Bearer sk-live-123'],
      ['X-API-Key', 'abc123'],
      ['x-auth-token', '${env:TOOL_A} plus literal'],
      // Any name: these carry credentials as much as Authorization does (issue 21).
      ['X-Session', 'sess-123'],
      ['X-Signature', 'sig-abc'],
      ['X-Access-Key', 'ak-1'],
      ['Ocp-Apim-Subscription-Key', '0123abcd'],
      ['X-Note', 'hello'],
    ] as const)(
      'refuses a literal value in header %s',
      (name, value) => {
        expectError(withHeaders({ [name]: value }), 'literal_secret', `tools.kb.headers.${name}`);
      },
    );
    it('accepts credentials referenced from the environment and ordinary literal headers', () => {
      const { errors } = problemsAfter(withHeaders({ Authorization: 'Bearer ${env:TOOL_KB_KEY}', 'X-Session': '${env:TOOL_SESSION}', Accept: 'application/json', 'Content-Type': 'application/json', 'user-agent': 'switchyard' }));
      expect(codes(errors)).toEqual([]);
    });
  });

  it('does not treat inherited Object properties as declared ids', () => {
    expectError((d) => void (node(d, 'writer').tools = ['toString']), 'unknown_tool', 'nodes.writer.tools[0]');
    expectError((d) => void (node(d, 'writer').model = 'hasOwnProperty'), 'unknown_model', 'nodes.writer.model');
  });

  describe('the run answer, history and the OPEA args shorthand (issue 9)', () => {
    it('output: a known channel or a compiling CEL expression; otherwise an error at `output`', () => {
      for (const ok of ['verdict', 'messages', 'input', 'state.verdict + "!"']) expect(problemsAfter((d) => void (d.output = ok)).errors).toEqual([]);
      expectError((d) => void (d.output = 'verdikt'), 'unknown_channel', 'output');
      expectError((d) => void (d.output = 'state.verdict ==' ), 'cel_syntax', 'output');
    });

    it('history applies to agent-like nodes only (a CEL router does not read the conversation)', () => {
      expect(problemsAfter((d) => void (node(d, 'writer').history = 'own'))).toEqual({ errors: [], warnings: [] });
      expectWarning((d) => void (d.nodes.r = { role: 'router', mode: 'cel', history: 'last' }), 'history_unused', 'nodes.r.history');
      const llm = problemsAfter((d) => void (d.nodes.r = { role: 'router', mode: 'llm', history: 'last' }));
      expect(codes(llm.warnings)).not.toContain('history_unused @ nodes.r.history');
    });

    it('checks the types of an args_schema shorthand, naming the argument', () => {
      const tool = (args_schema: Record<string, unknown>) => (d: GraphDocument) => void (d.tools = { ...d.tools, find: { type: 'http', url: 'https://x.example/{q}', args_schema } });
      expect(problemsAfter(tool({ q: { type: 'str', description: 'query' }, n: { type: 'int' } })).errors).toEqual([]);
      expect(problemsAfter(tool({ type: 'object', properties: { q: { type: 'string' } } })).errors).toEqual([]);
      expectError(tool({ q: { type: 'text' } }), 'bad_args_schema', 'tools.find.args_schema.q.type');
      expectError(tool({ q: 'str' }), 'bad_args_schema', 'tools.find.args_schema.q');
    });
  });
  it('refuses ReAct patterns RE2 cannot run or that lack capture groups, at their path', () => {
    expectError((d) => Object.assign(node(d, 'writer'), { action_pattern: 'Action: (\\w+) \\1' }), 'bad_pattern', 'nodes.writer.action_pattern');
    expectError((d) => Object.assign(node(d, 'writer'), { final_answer_pattern: 'Final: .*' }), 'bad_pattern', 'nodes.writer.final_answer_pattern');
    const ok = problemsAfter((d) => Object.assign(node(d, 'writer'), { final_answer_pattern: 'Answer:(.*)' }));
    expect(codes(ok.errors)).toEqual([]);
  });
  it('refuses a memory model that is not in models, at its path', () => {
    expectError((d) => Object.assign(node(d, 'writer'), { memory: { summary: { after: 4, model: 'nope' } } }), 'unknown_model', 'nodes.writer.memory.summary.model');
    expectError((d) => Object.assign(node(d, 'writer'), { memory: { entities: { every: 2, model: 'nope' } } }), 'unknown_model', 'nodes.writer.memory.entities.model');
  });
});
