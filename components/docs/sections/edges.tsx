/** 3. Edges and conditions: plain and conditional edges, CEL, fan-out and joins, LLM routers. */
import { DEFAULTS } from '@/lib/graph/defaults';
import { CEL_SCOPES, examplesFor, type CelScope } from '../cel-examples';
import { C, Code, Note, Rich, Section, Sub, Table } from '../parts';
import { EDGES_YAML, FANOUT_YAML, LLM_ROUTER_YAML } from '../snippets';

function CelTable({ scope }: { scope: CelScope }) {
  return (
    <Table
      testId={`docs-cel-${scope}`}
      head={['Expression', 'Gives', 'Use']}
      rows={examplesFor(scope).map((e) => [
        <C key="e">{e.expr}</C>,
        e.condition ? 'bool' : 'value',
        <Rich key="w" text={e.what} />,
      ])}
    />
  );
}

export function Edges() {
  return (
    <Section id="edges" title="Edges and conditions" intro="Edges decide what runs next. Conditions are CEL expressions, never JavaScript.">
      <p>
        A plain edge <C>{'{ from, to, label? }'}</C> always fires. Every run starts with the edges from <C>START</C>; a branch ends at <C>END</C> (a node
        without outgoing edges also ends its branch). The run ends when nothing is left to run; its output is the most recent answer: the last output channel
        written, else the last assistant message.
      </p>
      <Sub id="conditional-edges" title="Conditional branches">
        <p>
          A conditional edge <C>{'{ from, branches: [...] }'}</C> lists branches <C>{'{ when: CEL, to, label? }'}</C> and optionally one{' '}
          <C>{'{ else: target }'}</C>. They are <strong>tried in order; the first </strong>
          <C>when</C> <strong>that is true wins</strong>, else the <C>else</C> branch is taken. When nothing matches and there is no <C>else</C>, the run
          fails naming the node, so add an <C>else</C>. A condition must give a bool (a string or a number is an error, not false). Conditions are checked
          after the node’s writes are applied, so they see the state it just produced. A node may have plain edges and at most one conditional edge.
        </p>
        <Code title="edges">{EDGES_YAML}</Code>
      </Sub>
      <Sub id="cel" title="CEL variables">
        <p>
          <a href="https://cel.dev">CEL</a> is a small, safe expression language: comparisons, <C>&amp;&amp;</C> <C>||</C> <C>!</C>, <C>in</C>,{' '}
          <C>size()</C>, string methods (<C>contains</C>, <C>startsWith</C>, <C>endsWith</C>, <C>matches</C>, <C>lowerAscii</C>), <C>has()</C> and the
          list macros (<C>exists</C>, <C>all</C>, <C>filter</C>, <C>map</C>). Whole numbers from state are CEL ints. Expressions are checked as you type in
          the inspector and when a graph is saved or imported.
        </p>
        {(Object.keys(CEL_SCOPES) as CelScope[]).map((scope) => (
          <div key={scope}>
            <p>
              <strong>
                <Rich text={CEL_SCOPES[scope].where} />
              </strong>{' '}
              see:
            </p>
            <ul>
              {CEL_SCOPES[scope].vars.map((v) => (
                <li key={v.name}>
                  <C>{v.name}</C>: <Rich text={v.what} />
                </li>
              ))}
            </ul>
            <CelTable scope={scope} />
          </div>
        ))}
      </Sub>
      <Sub id="fan-out" title="Fan-out and joins">
        <p>
          The graph runs in <em>supersteps</em>. All nodes of a step run concurrently, each seeing the state as it was at the start of the step; when all
          have finished, their writes are applied in document order (the order of <C>nodes:</C>) and their edges fire. Two edges leaving one node both fire:
          that is a fan-out.
        </p>
        <p>
          <strong>Join rule.</strong> Every fired edge triggers its target. A triggered node runs in the next step unless another triggered node can still
          reach it through the edges; then it waits, keeping its triggers, and runs once, after those upstream nodes have finished. So branches of different
          lengths meet before the join node runs, and it runs once. (Inside a cycle where every triggered node would wait, all of them run.) A failing node
          stops its siblings in the same step and fails the run.
        </p>
        <Code title="fan-out and join">{FANOUT_YAML}</Code>
        <p>
          <strong>recursion_limit</strong> (<C>limits.recursion_limit</C>, default {DEFAULTS.recursion_limit}, at most 1000) bounds the number of supersteps;
          a loop that has not reached <C>END</C> by then fails with a message naming the nodes that were next. <C>limits.timeout_s</C> (default{' '}
          {DEFAULTS.timeout_s}) bounds the run’s time and <C>limits.max_tokens</C> its total tokens.
        </p>
      </Sub>
      <Sub id="llm-routers" title="LLM routers choose by branch label">
        <p>
          A router with <C>mode: llm</C> sends its input (the node’s task: last user message by default) to the model with the list of its branch labels
          (a branch’s <C>label</C>, else its target id; <C>else</C> branches are offered by target id) and asks for two lines,{' '}
          <C>Label: …</C> and <C>Reason: …</C>. The branch with that label is taken and its <C>when</C> is <em>not</em> evaluated. A label that is not
          offered gets one retry, then the run fails. The pick is <C>{'{ label, reason }'}</C>: the edge’s <C>output</C> and the router’s{' '}
          <C>output</C> channel.
        </p>
        <Code title="LLM router">{LLM_ROUTER_YAML}</Code>
        <Note>
          A <C>mode: cel</C> router is a no-op node that exists to hold a conditional edge: use it to branch on state without a model call.
        </Note>
      </Sub>
    </Section>
  );
}
