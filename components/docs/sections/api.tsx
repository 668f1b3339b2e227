/** 9. API: the run API and the OpenAI-compatible API. */
import { ERROR_CODES, statusOf, type ErrorCode } from '@/lib/errors';
import { C, Code, Note, Section, Sub, Table } from '../parts';
import { OPENAI_SNIPPET, RUN_API_SNIPPET } from '../snippets';
import { PublishingDocs } from './publishing';

/** The error codes by HTTP status, read from the one table (lib/errors.ts). */
function errorCodesByStatus(): [number, ErrorCode[]][] {
  const by = new Map<number, ErrorCode[]>();
  for (const code of ERROR_CODES) by.set(statusOf(code), [...(by.get(statusOf(code)) ?? []), code]);
  return [...by].sort(([a], [b]) => a - b);
}

export function Api() {
  return (
    <Section id="api" title="API" intro="Everything the app does goes through an HTTP API. Errors have one shape: { error: { code, message, details? } }.">
      <Sub id="run-api" title="Run API">
        <Table
          head={['Method and path', 'Does']}
          rows={[
            [<C key="p">POST /api/graphs/:id/runs</C>, <>Start a run <C>{'{ input, inputs?, breakpoints? }'}</C> → 201 <C>{'{ run_id }'}</C>; it continues in the background.</>],
            [<C key="p">GET /api/graphs/:id/runs</C>, 'The graph’s run history.'],
            [<C key="p">GET /api/runs/:id</C>, 'Status, output, usage and all trace events.'],
            [<C key="p">GET /api/runs/:id/events</C>, 'The trace as server-sent events (see Traces).'],
            [<C key="p">POST /api/runs/:id/resume</C>, <>Continue a paused run: <C>{'{ value: { action: "approve" | "reject" | "edit" | "continue" | "step", … } }'}</C> (409 if it is not paused).</>],
            [<C key="p">POST /api/runs/:id/cancel</C>, 'Cancel a run (aborts the model call in flight).'],
            [<C key="p">GET /api/runs/:id/checkpoints</C>, 'Every checkpoint of the run (see Time travel).'],
            [<C key="p">POST /api/runs/:id/fork</C>, <>A new run from a checkpoint: <C>{'{ step, state?, graph_version?, next? }'}</C> → 201 <C>{'{ run_id, run, next, next_from }'}</C>; an edited state recomputes the next nodes unless <C>next</C> pins them.</>],
            [<C key="p">GET /api/runs/:id/cassette</C>, <>The run’s recorded model and tool calls as a cassette file for graph tests (see Cassettes).</>],
            [<C key="p">POST /api/runs/:id/replay</C>, <>Run it again reusing unchanged calls: <C>{'{ graph_version? }'}</C> → 201 <C>{'{ run_id, run }'}</C>.</>],
            [<C key="p">GET /api/runs/diff?a=&amp;b=</C>, 'Two runs aligned by step and node, with text diffs and deltas.'],
            [<C key="p">POST /api/graphs/import</C>, 'A YAML body → 201 { id, … }, or 422 with errors (line, col, path); ?overwrite=true to replace a graph of the same name. At most 1 MiB (413) and 2 imports or large saves at once (429, Retry-After); PUT /api/graphs/:id and POST /api/graphs take the same caps.'],
            [<C key="p">GET /api/graphs/:id/export</C>, 'The graph as YAML.'],
            [<C key="p">GET /api/graphs/:id/versions/diff?a=&amp;b=</C>, 'Two saved versions compared (a → b): the YAML line diff and the nodes and edges added, removed or changed.'],
            [<C key="p">GET /api/schema</C>, 'The JSON Schema of the graph document.'],
          ]}
        />
        <Code title="curl" copy testId="docs-run-api">
          {RUN_API_SNIPPET}
        </Code>
      </Sub>
      <Sub id="connections" title="Model connections and supports">
        <p>
          A graph names a connection; the operator adds them in Settings (<C>POST /api/connections</C>{' '}
          <C>{'{ name, base_url, api_key?, headers?, supports? }'}</C>). A connection without a key works: local servers (Ollama, llama.cpp, vLLM) get a
          placeholder key. <C>supports: {'{ tools, stop, stream_usage }'}</C> (each default true) says what the server accepts: without{' '}
          <C>tools</C>, <C>tool_calling</C> agents describe their tools in the system prompt and the model answers with a JSON block{' '}
          <C>{'{"tool": name, "arguments": {…}}'}</C> (a call) or plain text (the answer); without <C>stop</C>, stop words are not sent and the reply is cut at
          them (a server that refuses <C>stop</C> with a 400 is also asked again without it, once); without <C>stream_usage</C>,{' '}
          <C>stream_options.include_usage</C> is not sent. The trace says so: <C>llm.request</C> carries{' '}
          <C>{"adapted: { tools: 'text', stop: 'client', stream_usage: 'off' }"}</C>. Test (<C>POST /api/connections/:name/test</C>) lists the models, then
          asks the first one three one-token questions (with <C>stop</C>, with <C>tools</C>, streamed with usage) and reports what was refused; the
          Settings page offers to save it.
        </p>
      </Sub>
      <Sub id="workspaces" title="Workspaces">
        <p>
          Graphs (with their versions, runs and tests), threads and API keys belong to a workspace; the header’s switcher picks the current one, and
          the graph list shows its graphs. A member’s role in a workspace (Settings › Workspaces, for admins) is capped by their account role: an
          editor of one workspace may be a viewer of another and only read there. Anything of a workspace you are not in answers 404. Create and list
          calls take <C>?workspace=id</C> (default: the current workspace); an API key acts only in the workspace it was made in, so{' '}
          <C>/api/v1</C> and <C>/api/mcp</C> see that workspace’s graphs. <C>POST /api/graphs/:id/move {'{ workspace }'}</C> moves a graph with its runs
          (editor of both). Connections and MCP servers are instance-wide unless created with a <C>workspace</C>.
        </p>
      </Sub>
      <Sub id="openai-api" title="OpenAI-compatible API">
        <p>
          Every saved graph is a model under <C>/api/v1</C>: <C>GET /api/v1/models</C> lists them (id = graph name) and{' '}
          <C>POST /api/v1/chat/completions</C> runs one. The last message must be a user message: it is the run’s input, and the messages before it are the
          run’s history in <C>state.messages</C>. <C>stream: true</C> sends real <C>chat.completion.chunk</C> objects and <C>data: [DONE]</C>. The assistants
          flow (<C>/api/v1/assistants</C>, <C>/api/v1/threads</C>, <C>…/messages</C>, <C>…/runs</C>) works over saved graphs too; a human step shows as{' '}
          <C>requires_action</C> and is answered with <C>submit_tool_outputs</C>.
        </p>
        <Code title="openai (Node)" copy testId="docs-openai-snippet">
          {OPENAI_SNIPPET}
        </Code>
        <p>
          Chat completions accept <C>tools</C> and <C>tool_choice</C>: see <a href="#tool-client">client tools</a>. Assistants: <C>stream: true</C> on{' '}
          <C>POST …/threads/:id/runs</C> (the client’s <C>runs.stream</C>), on <C>POST /api/v1/threads/runs</C> (createAndRun) and on{' '}
          <C>submit_tool_outputs</C> (<C>submitToolOutputsStream</C>) sends the events the official clients’ AssistantStream reads:{' '}
          <C>thread.run.created</C>, <C>thread.run.queued</C>, <C>thread.run.in_progress</C>, <C>thread.message.created</C>,{' '}
          <C>thread.message.in_progress</C>, <C>thread.message.delta</C> (the answer’s tokens in <C>delta.content[0].text.value</C>),{' '}
          <C>thread.message.completed</C> (the message as kept in the thread), then <C>thread.run.requires_action</C>, <C>completed</C>,{' '}
          <C>failed</C> or <C>cancelled</C>, and <C>event: done</C> / <C>data: [DONE]</C>. A run’s <C>instructions</C> (else the assistant’s), with{' '}
          <C>additional_instructions</C>, go to the graph as a system message ahead of the thread.
        </p>
        <Note>
          <C>/api/v1</C>, <C>/api/mcp</C> and the REST API take <C>Authorization: Bearer &lt;key&gt;</C>, which is what the client’s <C>apiKey</C> sends: a
          personal API key (Settings › API keys, created once and shown once; it acts with your role) or the server’s service key{' '}
          <C>SWITCHYARD_API_KEY</C> (editor role). Calls are rate-limited per user, across all of the user’s keys (<C>SWITCHYARD_RATE_LIMIT</C> a
          minute, then 429 with <C>Retry-After</C>); a user holds at most <C>SWITCHYARD_MAX_KEYS_PER_USER</C> keys (default 10, then 409). Only with{' '}
          <C>SWITCHYARD_AUTH=off</C> on a loopback-only server is the API open without a key. Repeated wrong passwords lock sign-in for the
          address and the account (429 with <C>Retry-After</C>, doubling up to 15 minutes); an admin can reset a password (Settings › Users), and
          with <C>SWITCHYARD_SMTP_URL</C> the sign-in page mails a reset link.
        </Note>
      </Sub>
      <PublishingDocs />
      <Sub id="error-codes" title="Error codes">
        <p>
          Every error answers <C>{'{ error: { code, message, details? } }'}</C> (on <C>/api/v1</C>, OpenAI’s shape, with the same status). The status
          comes from the code, always the same for a code:
        </p>
        <Table
          testId="error-codes-table"
          head={['status', 'codes']}
          rows={errorCodesByStatus().map(([status, codes]) => [
            String(status),
            <span key="c">
              {codes.map((c, i) => (
                <span key={c}>
                  {i > 0 ? ' ' : ''}
                  <C>{c}</C>
                </span>
              ))}
            </span>,
          ])}
        />
        <p>
          A status another server answered is never ours: when a tool’s API answers 404, the tool error (<C>http_error</C>) keeps it as{' '}
          <C>details.upstream_status</C>, and a run that fails on it answers 422 <C>run_failed</C> on <C>/api/v1</C>.
        </p>
      </Sub>
    </Section>
  );
}
