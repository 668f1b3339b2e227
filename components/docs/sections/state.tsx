/** 6. State channels: types, reducers, implicit channels. */
import { CHANNEL_TYPES } from '@/lib/graph/schema';
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
        their answers to <C>messages</C> and also write them to their <C>output</C> channel. A channel starts at its <C>default</C> (lists and messages at{' '}
        <C>[]</C>); starting a run with <C>inputs</C> sets declared channels (type-checked). Writing to an undeclared channel works (last value wins) but is
        flagged by validation. Nodes of one step see the state from the start of the step; their writes are applied in document order.
      </p>
      <Code title="state">{STATE_YAML}</Code>
    </Section>
  );
}
