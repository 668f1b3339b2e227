/**
 * The graphs of bench/engine-overhead.ts, for Switchyard and for LangGraph.js, node for node:
 * a 10-node chain, a 1,000-iteration loop and a 50-way fan-out + join. Every Switchyard node is a
 * `tool` node calling an in-memory `inc` tool (no model, no network): what is measured is the
 * engine's own cost per node-step. The LangGraph.js nodes do the same work (a counter, a list).
 */
import { Annotation, END, MemorySaver, START, StateGraph } from '@langchain/langgraph';
import type { ToolPort } from '@/lib/engine/ports';
import type { EdgeSpec, GraphDocument, NodeSpec } from '@/lib/graph/schema';

export interface BenchCase {
  name: string;
  /** Node executions per run. */
  nodeSteps: number;
  doc: GraphDocument;
  langgraph(checkpointer?: MemorySaver): { invoke(input: unknown, config: unknown): Promise<unknown> };
}

/** The in-memory tool: `i` + 1 (as text, the shape every tool result has). */
export const incTool: ToolPort = {
  definition: (name) => ({ type: 'function', function: { name, parameters: { type: 'object', properties: { expression: { type: 'string' } } } } }),
  run: async (_name, _spec, args) => ({ output: String(Number(String((args as { expression?: unknown }).expression).split('+')[0]) + 1) }),
};

const inc = (output = 'i'): NodeSpec => ({ role: 'tool', tool: 'inc', args: { expression: 'state.i + " + 1"' }, output });

function doc(name: string, nodes: Record<string, NodeSpec>, edges: EdgeSpec[], more: Partial<GraphDocument> = {}): GraphDocument {
  return {
    switchyard: 1,
    name,
    tools: { inc: { type: 'calculator' } },
    state: { i: { type: 'string', default: '0' }, out: { type: 'list' } },
    nodes,
    edges,
    ...more,
  };
}

const State = Annotation.Root({
  i: Annotation<number>({ reducer: (_a, b) => b, default: () => 0 }),
  out: Annotation<number[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});
const lgInc = async (s: typeof State.State) => ({ i: s.i + 1 });

function chainCase(n: number): BenchCase {
  const ids = Array.from({ length: n }, (_, k) => `n${k}`);
  const all = ['START', ...ids, 'END'];
  return {
    name: `${n}-node chain`,
    nodeSteps: n,
    doc: doc(
      'chain',
      Object.fromEntries(ids.map((id) => [id, inc()])),
      all.slice(1).map((to, k) => ({ from: all[k], to })),
    ),
    langgraph(checkpointer) {
      const g = new StateGraph(State) as unknown as StateGraph<typeof State.spec, any, any, string>;
      for (const id of ids) g.addNode(id, lgInc);
      g.addEdge(START, ids[0]);
      for (let k = 1; k < n; k++) g.addEdge(ids[k - 1], ids[k]);
      g.addEdge(ids[n - 1], END);
      return g.compile({ checkpointer });
    },
  };
}

function loopCase(n: number): BenchCase {
  return {
    name: `${n.toLocaleString('en-US')}-iteration loop`,
    nodeSteps: n,
    doc: doc(
      'loop',
      { inc: inc() },
      [
        { from: 'START', to: 'inc' },
        { from: 'inc', branches: [{ when: `int(state.i) < ${n}`, to: 'inc' }, { else: 'END' }] },
      ],
      { limits: { recursion_limit: 1000, timeout_s: 600 } },
    ),
    langgraph(checkpointer) {
      const g = new StateGraph(State)
        .addNode('inc', lgInc)
        .addEdge(START, 'inc')
        .addConditionalEdges('inc', (s) => (s.i < n ? 'inc' : END));
      return g.compile({ checkpointer });
    },
  };
}

function fanOutCase(n: number): BenchCase {
  const ws = Array.from({ length: n }, (_, k) => `w${k}`);
  const nodes: Record<string, NodeSpec> = { split: { role: 'router' }, join: inc() };
  for (const w of ws) nodes[w] = inc('out');
  return {
    name: `${n}-way fan-out + join`,
    nodeSteps: n + 2,
    doc: doc('fanout', nodes, [
      { from: 'START', to: 'split' },
      ...ws.map((w) => ({ from: 'split', to: w })),
      ...ws.map((w) => ({ from: w, to: 'join' })),
      { from: 'join', to: 'END' },
    ]),
    langgraph(checkpointer) {
      const g = new StateGraph(State) as unknown as StateGraph<typeof State.spec, any, any, string>;
      g.addNode('split', async () => ({}));
      g.addNode('join', lgInc);
      for (const [k, w] of ws.entries()) g.addNode(w, async () => ({ out: [k] }));
      g.addEdge(START, 'split');
      for (const w of ws) g.addEdge('split', w);
      g.addEdge(ws, 'join');
      g.addEdge('join', END);
      return g.compile({ checkpointer });
    },
  };
}

export const CASES: BenchCase[] = [chainCase(10), loopCase(1000), fanOutCase(50)];
