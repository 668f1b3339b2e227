/** 9. API: the run API and the OpenAI-compatible API. */
import { ERROR_CODES, statusOf, type ErrorCode } from '@/lib/errors';
import { C, Code, Note, Section, Sub, Table } from '../parts';
import { A2A_SNIPPET, AGENTS_SDK_SNIPPET, OPENAI_SNIPPET, RESPONSES_SNIPPET, RUN_API_SNIPPET } from '../snippets';
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
            [<C key="p">GET/POST /api/graphs/:id/conversations</C>, <>The graph’s conversations (the editor’s Chat tab), newest first; create one <C>{'{ title?, metadata? }'}</C> → 201 (see Conversation memory).</>],
            [<C key="p">GET/PATCH/DELETE /api/conversations/:id</C>, <>A conversation and its turns (runs, oldest first); rename <C>{'{ title }'}</C>; delete it and its memory (its runs stay).</>],
            [<C key="p">POST /api/conversations/:id/turns</C>, <>Send a message <C>{'{ input, replaces_run_id? }'}</C> → 201 <C>{'{ run_id }'}</C>: a run with the earlier turns as history; <C>replaces_run_id</C> retries from that turn.</>],
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
          flow (<C>/api/v1/assistants</C>, <C>/api/v1/threads</C>, <C>…/messages</C>, <C>…/runs</C>, <C>…/runs/:id/steps</C>) works over saved graphs too;
          a human step shows as <C>requires_action</C> and is answered with <C>submit_tool_outputs</C>.
        </p>
        <Note>
          The Assistants API is <strong>legacy</strong>: OpenAI sunset it on 2026-08-26. It keeps working here for old clients. An assistant’s{' '}
          <C>function</C> tools (or a run’s <C>tools</C>, which replace them) are client tools of the graph’s entry agent; hosted tools (
          <C>code_interpreter</C>, <C>file_search</C>) and an assistant’s own <C>temperature</C> / <C>top_p</C> / <C>response_format</C> are refused with
          a 400 naming them (set sampling on the run). <C>runs.steps.list</C> shows the graph’s tool calls and the reply; <C>messages.retrieve</C>{' '}
          reads one message.
        </Note>
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
      <Sub id="a2a" title="A2A (agent to agent)">
        <p>
          Every saved graph is an <a href="https://a2a-protocol.org/v1.0.0/specification/">A2A</a> agent (protocol 1.0, with the 0.3 method names
          too). <C>/.well-known/agent-card.json</C> is the card of the caller&apos;s workspace: one skill per graph, and each graph&apos;s endpoint;{' '}
          <C>/api/a2a/&lt;graph&gt;/agent-card.json</C> is a graph&apos;s own card (its skill, <C>streaming: true</C>, the security scheme: an API key as a
          Bearer token). <C>POST /api/a2a/&lt;graph&gt;</C> answers JSON-RPC: <C>SendMessage</C>, <C>SendStreamingMessage</C> (SSE),{' '}
          <C>GetTask</C>, <C>ListTasks</C>, <C>CancelTask</C>, <C>SubscribeToTask</C>, and <C>message/send</C>, <C>message/stream</C>,{' '}
          <C>tasks/get</C>, <C>tasks/cancel</C>, <C>tasks/resubscribe</C> of 0.3.
        </p>
        <p>
          A task is a run (source <C>a2a</C>; the task id is the run id, in the run history and the debugger); its <C>contextId</C> is the run&apos;s
          conversation, so node memory carries over between the tasks of a context (without one, a new context is made). The answer is the{' '}
          <C>answer</C> artifact, streamed in pieces as the model writes it. A human step is <C>TASK_STATE_INPUT_REQUIRED</C> with the question as
          the status message: the next message with that <C>taskId</C> answers it (for an approval: <C>approve</C>, or <C>reject: reason</C>). A
          rejection is <C>TASK_STATE_REJECTED</C>; a failed run is <C>TASK_STATE_FAILED</C> saying only its error code. Errors are JSON-RPC errors
          with A2A codes (<C>-32001</C> TaskNotFound for an unknown task or one of another graph, <C>-32002</C> TaskNotCancelable, <C>-32004</C>{' '}
          UnsupportedOperation for a message to a finished task). An API key reaches the graphs of its own workspace; another workspace&apos;s graph
          is a 404, no key a 401. Push notifications are not offered (stream, or poll <C>GetTask</C>).
        </p>
        <Code title="curl and @a2a-js/sdk" copy testId="docs-a2a-snippet">
          {A2A_SNIPPET}
        </Code>
        <p>
          To call an agent from a graph, see the <a href="#tool-remote-agent">a2a tool</a>.
        </p>
      </Sub>
      <Sub id="responses-api" title="Responses and Conversations">
        <p>
          <C>POST /api/v1/responses</C> is OpenAI’s Responses API over the same graphs (what the Agents SDK and new OpenAI clients use):{' '}
          <C>input</C> as a string or items (messages with text, <C>function_call</C>, <C>function_call_output</C>), <C>instructions</C> (a system
          message), <C>metadata</C>, <C>store</C> (default true: <C>GET</C> / <C>DELETE /api/v1/responses/:id</C>, <C>…/input_items</C>). Function{' '}
          <C>tools</C> are <a href="#tool-client">client tools</a>: a call completes the response with <C>function_call</C> items, and a request whose
          input holds their <C>function_call_output</C> (after <C>previous_response_id</C>, or with the whole history as the Agents SDK sends it)
          continues the same run. <C>previous_response_id</C> gives a new run the earlier turns; <C>conversation</C> gives it the conversation’s items
          and adds the turn’s items to it. <C>temperature</C>, <C>top_p</C> and <C>max_output_tokens</C> go to every model call of the turn (over the
          graph’s <C>models:</C> settings). A run paused at a human step answers <C>status: "incomplete"</C> with{' '}
          <C>incomplete_details.reason: "human_input_required"</C>; the next response with <C>previous_response_id</C> and one user message{' '}
          (<C>approve</C>, <C>reject: reason</C> or the value) answers the step and the run goes on. A failed run answers <C>status: "failed"</C> with{' '}
          <C>error</C>. <C>background: true</C> answers <C>queued</C> at once; poll <C>GET …/:id</C>, or <C>POST …/:id/cancel</C>. Other tool types,{' '}
          <C>text.format</C> other than text, <C>reasoning.effort</C> and image or audio input are refused with a 400 naming the parameter.
        </p>
        <p>
          <C>stream: true</C> sends <C>event:</C> / <C>data:</C> pairs numbered by <C>sequence_number</C>: <C>response.created</C>,{' '}
          <C>response.in_progress</C>, <C>response.output_item.added</C>, <C>response.content_part.added</C>, <C>response.output_text.delta</C> (the
          answer’s tokens as the model writes them), <C>response.output_text.done</C>, <C>response.content_part.done</C>,{' '}
          <C>response.output_item.done</C>, or for a tool call <C>response.output_item.added</C>, <C>response.function_call_arguments.delta</C> /{' '}
          <C>.done</C>, <C>response.output_item.done</C>; then <C>response.completed</C>, <C>response.incomplete</C> or <C>response.failed</C> (an{' '}
          <C>error</C> event when the answer itself could not be made).
        </p>
        <Code title="Responses and Conversations (Node)" copy testId="docs-responses-snippet">
          {RESPONSES_SNIPPET}
        </Code>
        <p>
          <C>/api/v1/conversations</C> (create with <C>items</C> and <C>metadata</C>, retrieve, update <C>metadata</C>, delete) and{' '}
          <C>…/:id/items</C> (list, newest first unless <C>order=asc</C>; create; retrieve; delete) are the same conversations as the editor’s chat
          and node memory: a conversation’s items are its turns (runs with its id) and the items added to it or kept from its responses (with their
          function calls). A run’s turn is removed with the run or the conversation, not item by item (400).
        </p>
        <p>
          The OpenAI Agents SDK works unchanged: point its OpenAI provider at <C>/api/v1</C> and name a graph as the agent’s <C>model</C>; the SDK’s
          function tools are called through the round trip above.
        </p>
        <Code title="OpenAI Agents SDK (@openai/agents)" copy testId="docs-agents-sdk-snippet">
          {AGENTS_SDK_SNIPPET}
        </Code>
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
          <C>details.upstream_status</C>, and a run that fails on it answers a 5xx <C>server_error</C> on <C>/api/v1</C>.
        </p>
        <p data-testid="docs-v1-errors">
          On <C>/api/v1</C> every answer is OpenAI-shaped, <C>{'{ error: { message, type, param, code } }'}</C>, so the official clients raise their usual
          classes: an unknown path is a 404 (<C>unknown_url</C>), a wrong method a 405 naming the allowed ones; a run that fails is a 5xx{' '}
          <C>server_error</C> (<C>InternalServerError</C>; <C>code</C> is the run’s error, e.g. <C>model_incomplete</C>) sent with{' '}
          <C>x-should-retry: false</C> so the client does not run the graph again, and a model rate limit that failed it is a 429 (
          <C>RateLimitError</C>). A model stream that ends without a <C>finish_reason</C> and without <C>[DONE]</C> is never an answer: it is retried,
          then the run fails with <C>model_incomplete</C>, and nothing of it is kept in memory or a thread. <C>temperature</C>, <C>top_p</C> and{' '}
          <C>max_completion_tokens</C> go to the graph’s models that leave them unset; parameters a graph cannot honour (<C>response_format</C>,{' '}
          <C>stop</C>, <C>seed</C>, penalties, <C>logprobs</C>…) are a 400 naming the parameter. Each completion has its own <C>chatcmpl-…</C> id; the
          run is in the <C>x-switchyard-run-id</C> header.
        </p>
      </Sub>
    </Section>
  );
}
