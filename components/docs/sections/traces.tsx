/** 8. Traces: the event envelope, the event types (generated from TRACE_EVENT_TYPES), SSE and downloads. */
import { RUN_END_TYPES, RUN_SPAN_ID, RUN_STATUSES, TERMINAL_STATUSES, TRACE_EVENT_TYPES, type TraceEventType } from '@/lib/contracts/trace';
import { C, Code, Section, Table } from '../parts';
import { SSE_SNIPPET } from '../snippets';

/** What each event's `data` holds (lib/engine/events.ts). A missing type is a compile error. */
export const EVENT_DATA: Record<TraceEventType, string> = {
  'run.started': '{ input, graph, inputs?, derived_from? } (derived_from: { run_id, origin: fork | replay, step? } for time travel)',
  'node.started': '{ role, strategy? }',
  'memory.read': '{ turns, kept_turns, stored, summary?, summarized_turns?, entities? }: opens a node’s memory span with the memory loaded for it',
  'memory.write': '{ kind: summary | entities, from, to, stored, summary?, entities?, error? }: a memory update on the memory span, after its model call',
  'llm.request':
    "{ 'gen_ai.system', 'gen_ai.request.model', connection, messages, messages_ref?, tools?, stop?, temperature? }: the exact messages sent. With messages_ref { seq, count } the prompt is the first count messages of the prompt of event seq (the node’s previous call in the run), then messages: a long conversation is stored once, not at every call (promptResolver in lib/contracts/llm-prompt.ts rebuilds it; the Run panel shows the whole prompt)",
  'llm.delta': '{ text }: streamed tokens',
  'llm.response':
    "{ 'gen_ai.response.model', content, tool_calls?, finish_reason, 'gen_ai.usage.input_tokens', 'gen_ai.usage.output_tokens', latency_ms, parsed?, recording? } (parsed: react Thought / Action / Final Answer; recording: recorded | live in a replay)",
  'llm.retry': '{ attempt, wait_ms, reason }: a model call retried after 429 / 5xx / a connection error',
  'tool.call': '{ tool, type, args }',
  'tool.progress': '{ tool, state?, text?, artifact? }: an update of a long call as it runs (an a2a tool: the remote task’s state, its status message, answer text as it streams)',
  'tool.result': '{ tool, output, error?, truncated?, original_bytes?, latency_ms, recording? } (recording: recorded | live in a replay)',
  'guard.verdict':
    '{ scope: node | graph, stage: input | output, check, index, verdict: pass | redact | flag | block | error, reason?, matches?, scores?, prompt_version?, error? }: one guard check (matches: what matched, masked, never the text itself)',
  'output.validated': '{ mode: response_format | instructed, attempt, valid, errors? }: a structured-output reply checked against the node’s output_schema (attempt 2: the repair retry)',
  'edge.taken': '{ from, to, condition?, value?, branch_index?, label?, reason? }',
  'state.updated':
    '{ changed, appended?, set?, reason? }: what the step changed, not copies of the state: appended { channel: { from, items } } for messages and lists (the items added and the index they start at), set { channel: value } for any other changed channel; reason when a person set them at a pause (edited at breakpoint / human step). The state at a step is its checkpoint (or the deltas folded with applyStateDelta, lib/contracts/state-delta.ts). Runs recorded before this carry { before, after } instead',
  'run.interrupted': '{ kind: human | breakpoint, node, prompt?, value?, human_kind?, reason? }: the run is paused; reason server_restart or store_unavailable: it was cut short (status interrupted) and resumes from its last checkpoint by itself unless SWITCHYARD_AUTO_RESUME=off',
  'run.resumed': '{ action, reason?, value?, edited?, … }: the person’s decision (approve, reject with its reason, edit with its value, continue, step; edited: the channels they set) or where a resumed run continues',
  'node.finished': '{ status: succeeded | failed | skipped, output?, error?, latency_ms }',
  'run.finished': '{ output, state, usage, status?, rejected?, answer_note? }: status "rejected" with rejected { node, reason? } when a person’s rejection ended the run; answer_note when no node answered (the answer is the channel the last node wrote, or null, and why)',
  'run.failed': '{ error: { code, message }, usage }',
  'run.cancelled': '{ usage }',
};

export function Traces() {
  return (
    <Section id="traces" title="Traces" intro="Every step of a run is an event, stored with the run and streamed live. One envelope everywhere: SSE, the database and the JSON download.">
      <Code title="envelope">{'{ seq, run_id, ts, type, step, node?, span_id, parent_span_id?, data }'}</Code>
      <p>
        <C>seq</C> numbers a run’s events from 1; <C>step</C> is the superstep; spans nest (run → node → model call / tool call → worker node…), so the
        trace reads as a tree. Model events use OpenTelemetry <C>gen_ai.*</C> names. The run’s own span id is <C>{RUN_SPAN_ID}</C> (runs recorded by
        older versions used a random id; readers treat both as the run span).
      </p>
      <p>
        A run has ended after {RUN_END_TYPES.map((t, i) => (
          <span key={t}>
            {i ? (i === RUN_END_TYPES.length - 1 ? ' or ' : ', ') : ''}
            <C>{t}</C>
          </span>
        ))}
        ; its status is then one of {TERMINAL_STATUSES.map((st, i) => (
          <span key={st}>
            {i ? ', ' : ''}
            <C>{st}</C>
          </span>
        ))}
        . <C>run.interrupted</C> pauses it (<C>paused</C>, or <C>interrupted</C> after a server restart or a long database outage; an
        interrupted run resumes from its last checkpoint by itself, its finished calls recalled, not made again). When the database is
        unavailable a stream ends with <C>event: error</C> and <C>{'{ error: { code: "store_unavailable", message } }'}</C>: reconnect with
        <C>Last-Event-ID</C> once it is back. An event type this version does not know is
        kept and shown as <em>unknown event &lt;type&gt;</em> in the Run panel and the CLI, never as something else.
      </p>
      <Table testId="docs-event-types" head={['type', 'data']} rows={TRACE_EVENT_TYPES.map((t) => [<C key="t">{t}</C>, EVENT_DATA[t]])} />
      <p>
        Run statuses: {RUN_STATUSES.map((st, i) => (
          <span key={st}>
            {i ? ', ' : ''}
            <C>{st}</C>
          </span>
        ))}
        . <C>rejected</C>: a person rejected a human step and the graph did not route the rejection to another node, so the run ended there — a
        decision, not a failure (its <C>error</C> is <C>{'{ code: "rejected", message }'}</C> with the reason; through the OpenAI API a chat completion
        answers that the request was rejected, an assistants run is <C>failed</C> with <C>last_error</C>).
      </p>
      <p>
        <strong>Live:</strong> <C>GET /api/runs/:id/events</C> is a server-sent event stream: <C>id: &lt;seq&gt;</C>, <C>event: &lt;type&gt;</C>,{' '}
        <C>data: &lt;the envelope as JSON&gt;</C>. Reconnecting with <C>Last-Event-ID</C> (or <C>?after=&lt;seq&gt;</C>) replays what was missed, with no
        gap and no duplicate; heartbeat comment lines keep it open; it ends after the run’s last event. Leaving does not cancel the run.
      </p>
      <Code title="text/event-stream">{SSE_SNIPPET}</Code>
      <p>
        <strong>Saved:</strong> <C>GET /api/runs/:id</C> returns the status, output, usage and all events. In the Run panel, <em>Download trace JSON</em>{' '}
        saves the events array as <C>trace-&lt;run id&gt;.json</C>; <em>History</em> replays past runs, including those started through the API.
      </p>
    </Section>
  );
}
