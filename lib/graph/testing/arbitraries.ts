/**
 * fast-check arbitraries of graph documents that pass the schema and validation (no errors),
 * with the strings YAML writers get wrong: multi-line text, unicode, values that look like numbers,
 * booleans or null, `: ` and ` #`, leading/trailing spaces, indicators.
 */
import fc from 'fast-check';
import { CHANNEL_TYPES, END, HISTORY_MODES, START, type Branch, type EdgeSpec, type GraphDocument, type NodeSpec, type ToolSpec } from '../schema';

/** Strings a YAML writer must quote or block-format correctly. */
export const TRICKY_STRINGS = [
  'yes', 'no', 'on', 'off', 'true', 'False', 'null', 'Null', '~', '', ' ', '0x1F', '0o17', '1e3', '-1.5', '.inf', '-.Inf',
  '.nan', '007', '+1', '1_000', '12:30', '2024-01-01', 'a: b', 'key:value', 'x # not a comment', '#hash', '- dash',
  '? q', '[list]', '{map}', '"double"', "'single'", '!tag', '&anchor', '*alias', '@at', '`tick`', '%percent', '|', '>',
  '---', '...', '  leading spaces', 'trailing spaces  ', '\ttab', 'line one\nline two', 'ends with newline\n',
  'two trailing newlines\n\n', '\nleading newline', '  indented\nfirst line', 'crlf\r\nline', 'ünïcödé ✓ 日本語 🚀',
  'emoji 👩‍💻 zwj', 'quote \' and " both', 'back\\slash', 'a,b', '<<', 'tab\tinside', 'nbsp\u00a0here', '\u2028sep',
];

const textChar = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
);

/** Free text: tricky constants, unicode, and multi-line joins of those. */
const textArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: textChar },
  { weight: 2, arbitrary: fc.array(textChar, { minLength: 2, maxLength: 5 }).map((parts) => parts.join('\n')) },
);

/** Text without characters the YAML reader refuses (controls are fine only in escaped form, which the writer uses). */
const text = textArb;

const identArb = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,12}$/).filter((s) => s !== START && s !== END && s !== 't_calc');

const CEL = ['state.verdict == "revise"', 'size(state.messages) > 3', 'state.count + 1 >= 10', 'state.input.startsWith("hi")', 'true', '"a" in ["a", "b"]'];
const celArb = fc.constantFrom(...CEL);

const safeKey = fc.oneof(identArb, fc.constantFrom('yes', 'null', '1', '0x1F', 'a b', 'x: y', '#k', '~')).filter(
  (k) => k !== '__proto__' && k !== 'constructor' && k !== 'prototype' && k !== '<<',
);

/** JSON-ish values (finite numbers, -0 included), shallow enough for the depth limit. */
const jsonArb: fc.Arbitrary<unknown> = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    text,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(safeKey, tie('json'), { maxKeys: 3 }),
  ),
})).json;

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const subset = (xs: readonly string[]) => (xs.length ? fc.subarray([...xs]) : fc.constant([] as string[]));
const clean = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

interface Skeleton {
  name: string;
  nodeIds: string[];
  toolIds: string[];
  modelIds: string[];
  channels: string[];
}

const skeletonArb: fc.Arbitrary<Skeleton> = fc
  .uniqueArray(identArb, { minLength: 3, maxLength: 16, selector: (s) => s })
  .chain((ids) =>
    fc.record({
      name: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/),
      split: fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 3 })),
      modelIds: fc.uniqueArray(identArb, { maxLength: 2 }),
      channels: fc.uniqueArray(identArb, { maxLength: 3 }),
    }).map(({ name, split, modelIds, channels }) => {
      const nodeCount = Math.max(1, ids.length - split[0] - split[1]);
      const nodeIds = ids.slice(0, nodeCount);
      const toolIds = ids.slice(nodeCount, nodeCount + split[1]).concat(['t_calc']);
      return { name, nodeIds, toolIds, modelIds: ['default', ...modelIds.filter((m) => m !== 'default')], channels };
    }),
  );

/** JSON Schema, or OPEA's shorthand (`query: { type: str, description }`). */
const argsSchemaArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.dictionary(safeKey, fc.record({ type: fc.constantFrom('string', 'integer'), description: opt(text) }).map(clean), { maxKeys: 3 })
    .map((properties) => ({ type: 'object', properties, required: Object.keys(properties) })),
  fc.dictionary(safeKey, fc.record({ type: fc.constantFrom('str', 'int', 'float', 'bool', 'list', 'dict'), description: opt(text) }).map(clean), { minKeys: 1, maxKeys: 3 }),
);

function toolArb(sk: Skeleton): fc.Arbitrary<ToolSpec> {
  return fc.oneof(
    fc.record({ type: fc.constant('calculator' as const), description: opt(text) }).map(clean),
    fc
      .record({
        type: fc.constant('http' as const),
        description: opt(text),
        method: opt(pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)),
        url: fc.constantFrom('https://search.example.com/search?q={query}', 'https://api.example.org/v1/items/{id}'),
        // Header values are `${env:...}` references, but for the few plain headers (lib/graph/tool-headers.ts).
        headers: opt(
          fc.oneof(
            fc.dictionary(fc.constantFrom('X-Session', 'X-Api-Key', 'Authorization', 'x-team'), fc.constantFrom('${env:TOOL_A}', 'Bearer ${env:TOOL_KEY_2}', '${env:TOOL_B}'), { maxKeys: 2 }),
            fc.record({ Accept: text }),
          ),
        ),
        args_schema: opt(argsSchemaArb),
        return_output: opt(fc.constantFrom('data.items', 'result')),
        timeout_s: opt(fc.double({ min: 0.1, max: 120, noNaN: true })),
      })
      .map(clean),
    fc
      .record({
        type: fc.constant('web_search' as const),
        description: opt(text),
        provider: pick(['serper', 'searxng'] as const),
        url: fc.constant('https://searx.example.net'),
        domains: opt(fc.array(fc.domain(), { maxLength: 3 })),
        top_k: opt(fc.integer({ min: 1, max: 50 })),
      })
      // url with searxng only (validation refuses searxng without one, and url on serper).
      .map(({ url, ...t }) => clean(t.provider === 'searxng' ? { ...t, url } : t)),
    fc.record({ type: fc.constant('agent' as const), description: opt(text), node: pick(sk.nodeIds) }).map(clean),
    fc
      .record({
        type: fc.constant('code' as const),
        description: opt(text),
        language: pick(['javascript', 'python'] as const),
        code: fc.constantFrom('sum(args["xs"])\n', 'args.xs.reduce((a, b) => a + b, 0)', '  indented:\n\ttabs and "quotes" #not a comment\n'),
        parameters: opt(fc.constant({ type: 'object', properties: { xs: { type: 'array' } } })),
        timeout_s: opt(fc.double({ min: 0.1, max: 60, noNaN: true })),
        memory_mb: opt(fc.integer({ min: 16, max: 1024 })),
      })
      .map(clean),
  );
}

function nodeArb(sk: Skeleton, id: string, index: number, tools: Record<string, ToolSpec>): fc.Arbitrary<NodeSpec> {
  // Never a tool that calls this very node.
  const usable = sk.toolIds.filter((t) => !(tools[t].type === 'agent' && (tools[t] as { node: string }).node === id));
  const model = opt(pick(sk.modelIds));
  const output = opt(pick([...sk.channels, 'messages', 'input']));
  const history = opt(pick(HISTORY_MODES));
  const common = { label: opt(text.map((s) => s.slice(0, 200))), description: opt(text) };
  const others = sk.nodeIds.filter((n) => n !== id);
  const roles: fc.Arbitrary<NodeSpec>[] = [
    fc.record({
      role: fc.constant('agent' as const), ...common,
      strategy: opt(pick(['react', 'tool_calling', 'plan_execute'] as const)), model, system_prompt: opt(text),
      input: opt(celArb), tools: opt(subset(usable)), max_steps: opt(fc.integer({ min: 1, max: 100 })),
      exit: opt(fc.oneof(fc.constant('text' as const), fc.record({ when: celArb }), fc.record({ tool: pick(sk.toolIds) }))),
      prompt_template: opt(text), final_answer_pattern: opt(fc.constant('Final Answer:\\s*(.*)')),
      action_pattern: opt(fc.constant('Action: (\\w+)\\nAction Input: (.*)')), history, output,
    }).map(clean),
    fc.record({ role: fc.constant('planner' as const), ...common, model, system_prompt: opt(text), input: opt(celArb), history, output }).map(clean),
    fc.record({
      role: fc.constant('executor' as const), ...common, model, system_prompt: opt(text), tools: opt(subset(usable)),
      max_steps: opt(fc.integer({ min: 1, max: 100 })), max_revisions: opt(fc.integer({ min: 0, max: 20 })), history, output,
    }).map(clean),
    fc.record({ role: fc.constant('tool' as const), ...common, tool: pick(usable.length ? usable : ['t_calc']),
      args: opt(fc.dictionary(safeKey, celArb, { maxKeys: 3 })), output }).map(clean),
    fc.record({ role: fc.constant('human' as const), ...common, prompt: text, kind: opt(pick(['approval', 'input'] as const)),
      show: opt(celArb), output }).map(clean),
    fc.record({ role: fc.constant('router' as const), ...common, mode: opt(pick(['cel', 'llm'] as const)), model,
      prompt: opt(text), output }).map(clean),
    fc.record({ role: fc.constant('subgraph' as const), ...common, graph: fc.constant(`other-graph-${index}`), input: opt(celArb), output }).map(clean),
    fc.record({ role: fc.constant('map' as const), ...common, graph: fc.constant(`other-graph-${index}`), items: celArb,
      max_concurrency: opt(fc.integer({ min: 1, max: 32 })), on_error: opt(pick(['fail', 'collect'] as const)), output }).map(clean),
  ];
  if (others.length) {
    roles.push(
      fc.record({ role: fc.constant('supervisor' as const), ...common, model, system_prompt: opt(text), input: opt(celArb),
        workers: fc.subarray(others, { minLength: 1 }), max_steps: opt(fc.integer({ min: 1, max: 100 })), history, output }).map(clean),
    );
  }
  return fc.oneof(...roles);
}

/**
 * Edges that always validate: START -> first node, plain edges only forward, each node at most one
 * conditional edge whose branches may go anywhere but whose last branch is `else: END`.
 */
function edgesArb(ids: string[]): fc.Arbitrary<EdgeSpec[]> {
  const perNode = ids.map((id, i) => {
    const forward = [...ids.slice(i + 1), END];
    const plain = fc.subarray(forward, { minLength: i === ids.length - 1 ? 1 : 0, maxLength: Math.min(2, forward.length) }).chain((tos) =>
      fc.tuple(...tos.map((to) => fc.record({ from: fc.constant(id), to: fc.constant(to), label: opt(text.map((s) => s.slice(0, 200))) }).map(clean))),
    );
    const branch: fc.Arbitrary<Branch> = fc
      .record({ when: celArb, to: pick([...ids, END]), label: opt(text.map((s) => s.slice(0, 200))) })
      .map(clean);
    const conditional = opt(
      fc.array(branch, { minLength: 1, maxLength: 3 }).map((bs) => ({ from: id, branches: [...bs, { else: END }] }) as EdgeSpec),
    );
    return fc.tuple(plain, conditional).map(([p, c]) => (c ? [...p, c] : [...p]) as EdgeSpec[]);
  });
  return fc.tuple(...perNode).map((lists) => [{ from: START, to: ids[0] } as EdgeSpec, ...lists.flat()]);
}

const positionArb = fc.record({
  x: fc.oneof(fc.integer({ min: -5000, max: 5000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })),
  y: fc.integer({ min: -5000, max: 5000 }),
});

export const graphArb: fc.Arbitrary<GraphDocument> = skeletonArb.chain((sk) =>
  fc
    .tuple(...sk.toolIds.map(() => toolArb(sk)))
    .chain((toolList) => {
      const tools = Object.fromEntries(sk.toolIds.map((t, i) => [t, toolList[i]]));
      return fc.record({
        description: opt(text),
        models: fc.tuple(...sk.modelIds.map(() =>
          fc.record({
            connection: identArb, model: fc.constantFrom('gpt-4o-mini', 'llama3.1:8b', 'Qwen/Qwen2.5-7B'),
            temperature: opt(fc.double({ min: 0, max: 2, noNaN: true })), top_p: opt(fc.constantFrom(0, 0.5, 1)),
            max_tokens: opt(fc.integer({ min: 1, max: 100_000 })),
          }).map(clean))),
        state: fc.tuple(...sk.channels.map(() =>
          fc.record({ type: pick(CHANNEL_TYPES), reducer: opt(pick(['append', 'replace', 'merge'] as const)),
            default: opt(jsonArb), description: opt(text) }).map(clean))),
        nodes: fc.tuple(...sk.nodeIds.map((id, i) => nodeArb(sk, id, i, tools))),
        edges: edgesArb(sk.nodeIds),
        output: opt(pick([...sk.channels, 'messages', 'input', 'state.input + "!"'])),
        limits: opt(fc.record({ recursion_limit: opt(fc.integer({ min: 1, max: 1000 })), timeout_s: opt(fc.integer({ min: 1, max: 86_400 })) }).map(clean)),
        layout: opt(fc.subarray([...sk.nodeIds, START, END]).chain((ids) => fc.tuple(...ids.map(() => positionArb)).map((ps) =>
          Object.fromEntries(ids.map((id, i) => [id, ps[i]]))))),
      }).map((r) =>
        clean({
          switchyard: 1 as const,
          name: sk.name,
          description: r.description,
          models: Object.fromEntries(sk.modelIds.map((m, i) => [m, r.models[i]])),
          tools,
          state: sk.channels.length ? Object.fromEntries(sk.channels.map((c, i) => [c, r.state[i]])) : undefined,
          nodes: Object.fromEntries(sk.nodeIds.map((n, i) => [n, r.nodes[i]])),
          edges: r.edges,
          output: r.output,
          limits: r.limits,
          layout: r.layout,
        }) as GraphDocument,
      );
    }),
).filter(noPausingCallee);

/** A supervisor's worker or an agent tool's node never pauses (validation refuses it: pause_in_worker). */
function noPausingCallee(doc: GraphDocument): boolean {
  const isHuman = (id: string) => doc.nodes[id]?.role === 'human';
  const workers = Object.values(doc.nodes).flatMap((n) => (n.role === 'supervisor' ? n.workers : []));
  const agentTools = Object.values(doc.tools ?? {}).flatMap((t) => (t.type === 'agent' ? [t.node] : []));
  return ![...workers, ...agentTools].some(isHuman);
}
