/** 6. State channels: types, reducers, implicit channels. */
import { CHANNEL_TYPES } from '@/lib/graph/constants';
import { defaultReducer, IMPLICIT_CHANNELS } from '@/lib/graph/defaults';
import { C, Code, Section, Table } from '../parts';
import { STATE_YAML } from '../snippets';

export function StateChannels() {
  return (
    <Section id="state" title="State channels" intro="The state is a set of named channels shared by all nodes. Each write goes through the channel's reducer.">
      <Table
        testId="docs-channel-types"
        head={['type', 'Default reducer', 'Holds']}
        rows={CHANNEL_TYPES.map((t) => [
          <C key="t">{t}</C>,
          <C key="r">{defaultReducer(t)}</C>,
          {
            messages: 'chat messages { role, content, … }',
            string: 'text',
            number: 'a number',
            boolean: 'true or false',
            json: 'any JSON value',
            list: 'a list',
          }[t],
        ])}
      />
      <Table
        head={['reducer', 'A write…']}
        rows={[
          [<C key="r">append</C>, 'adds to the list: each item of a list value, or the single value'],
          [<C key="r">replace</C>, 'replaces the value (last value wins)'],
          [<C key="r">merge</C>, 'shallow-merges an object into the current object (replaces when either is not an object)'],
        ]}
      />
      <p>
        Every run has the channels {Object.keys(IMPLICIT_CHANNELS).map((k, i) => (
          <span key={k}>
            {i ? ' and ' : ''}
            <C>{k}</C>
          </span>
        ))}
        , declared or not: <C>input</C> holds the run’s input text and <C>messages</C> starts as <C>[{'{ role: "user", content: input }'}]</C>. Agents append
        their answers to <C>messages</C>, signed with their node id, and also write them to their <C>output</C> channel. A channel starts at its <C>default</C> (lists and messages at{' '}
        <C>[]</C>); starting a run with <C>inputs</C> sets declared channels (type-checked). Writing to an undeclared channel works (last value wins) but is
        flagged by validation. Nodes of one step see the state from the start of the step; their writes are applied in document order.
      </p>
      <Code title="state">{STATE_YAML}</Code>
      <h3 id="who-said-what">Who said what</h3>
      <p>
        Every message a node writes carries its author: <C>name</C> is the node id, in the state and in the trace (the debug panel labels each message
        with it). When a node’s prompt is built, the conversation is shown from its point of view (<C>lib/engine/history.ts</C>):
      </p>
      <ul>
        <li>
          its own earlier messages are <C>assistant</C> turns, and so are assistant messages without an author (the graph’s answers in earlier turns,
          e.g. from a chat completions history);
        </li>
        <li>
          another node’s message reaches it as a <C>user</C> message naming the author: OpenAI’s <C>name</C> field plus a visible prefix, e.g.{' '}
          <C>[reviewer] revise: add a title</C> (many servers drop <C>name</C>);
        </li>
        <li>
          an assistant message with tool calls and the tool results answering it belong to the node that made them: that node sees them as they were,
          other nodes see only the author’s text (nothing when it had none); a tool result without its call is left out.
        </li>
      </ul>
      <p>
        Per node, <C>history</C> picks what it sees: <C>all</C> (default), <C>own</C> (the user’s messages, system messages and its own),{' '}
        <C>last</C> (only the latest message) or <C>none</C> (only its task: its <C>input</C>, else the last user message). Agents, planners,
        executors, supervisors and LLM routers take it. A worker called by a supervisor (or an <C>agent</C> tool) sees only its task. Prompts that
        are a single text (react’s <C>{'{history}'}</C>, the planner, the executor, an LLM router) get the same view as a{' '}
        <C>Previous conversation:</C> block of <C>User:</C> / <C>Assistant:</C> lines before the task.
      </p>
      <h3 id="run-answer">The run’s answer</h3>
      <p>
        A graph may say what its answer is with a top-level <C>output</C>: a state channel name (<C>output: report</C>) or a CEL expression over{' '}
        <C>state</C> (<C>output: state.report + "\n" + state.sources</C>). Validation refuses an unknown channel or an expression that does not
        compile, with the path <C>output</C>. Without it, the answer is the last message written by a node whose output goes to <C>messages</C> (a
        node without an <C>output</C> channel): a reviewer writing its verdict to <C>verdict</C> is not the answer, so <C>writer-reviewer</C>{' '}
        answers with the approved draft. When no such node wrote a message, the last message any node wrote is the answer. When no node wrote a
        message at all (say <C>START → fetch → END</C> with a tool node), the answer is the channel the node the run ended on wrote (the tool’s
        result), else <C>null</C>; either way <C>run.finished</C> carries an <C>answer_note</C> saying where the answer came from or why there is
        none. Saving such a graph warns (<C>no_answer</C>, at the node that can end the run without an answer written on the way); set{' '}
        <C>output:</C> to the channel, or end on a node that answers, and the warning goes. The run API (<C>output</C>), the run history, the run
        page and the OpenAI-compatible API all show this same value.
      </p>
    </Section>
  );
}
