/** 8c. Graph tests, the CLI, cost and budgets, OpenTelemetry. */
import { C, Code, Section, Sub, Table } from '../parts';

export const TEST_FILE = `# examples/writer-reviewer.test.yaml (graph: ./writer-reviewer.yaml is implied by the name)
tests:
  - name: one revision round, then approved
    input: Write a haiku about trains.
    replies:                      # per node: its model replies, in order (no model is called)
      writer: [ "Steel wheels hum softly", "Steel wheels hum at dawn..." ]
      reviewer: [ "revise\\nA haiku has three lines.", "approve" ]
    tools:                        # per tool: a stubbed output, or { error: ... }
      search: Dune is a 1965 novel by Frank Herbert.
    assert:                       # CEL, each must be true
      - trace.nodes_run == ["writer", "reviewer", "writer", "reviewer"]
      - trace.branches.exists(b, b.to == "writer" && b.label == "revise")
      - output.contains("valley")
      - usage.total_tokens < 2000`;

export const CASSETTE_TEST = `# support-bot.test.yaml: the run recorded on the server, replayed here (no model or tool is called)
tests:
  - name: answers like the recorded run
    input: Where is my order 1234?
    cassette: order-question.cassette.json   # switchyard cassette RUN_ID ... -o order-question.cassette.json
    assert:
      - status == "succeeded"
      - trace.tools_called == ["lookup_order"]
      - output.contains("shipped")`;

const CASSETTE_CLI = `npx switchyard cassette 6f1c2a90-... --server https://switchyard.example.com --api-key $SWITCHYARD_API_KEY -o order-question.cassette.json
npx switchyard test support-bot.test.yaml`;

const CLI = `npx switchyard validate examples/*.yaml          # problems as file:line:col, exit 1 if any file is invalid
npx switchyard test examples/*.test.yaml --junit junit.xml   # exit 1 if a test fails
OPENAI_API_KEY=sk-... npx switchyard run examples/mrkl-agent.yaml --input "What is 2 ** 10?"
npx switchyard run graph.yaml --base-url http://localhost:11434/v1 --input "Hi"   # a local server
npx switchyard push examples/*.yaml --server https://switchyard.example.com --key $SWITCHYARD_API_KEY
npx switchyard pull writer-reviewer --server https://switchyard.example.com --out writer-reviewer.yaml
npx switchyard cassette RUN_ID --server https://switchyard.example.com --api-key $SWITCHYARD_API_KEY -o run.cassette.json`;

const OTEL = `OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318 \\
OTEL_SERVICE_NAME=switchyard \\
OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=false \\
npm start`;

export function TestingOps() {
  return (
    <Section
      id="testing-ops"
      title="Tests, CLI, cost and telemetry"
      intro="Test a graph in CI before you promote it, run it from a terminal, stop a run that costs too much, and see every run in the observability stack you already use."
    >
      <Sub id="graph-tests" title="Graph tests">
        <p>
          A test file <C>NAME.test.yaml</C> sits next to <C>NAME.yaml</C> (or names its graph with <C>graph: ./file.yaml</C>). Each test gives an{' '}
          <C>input</C> (and optional <C>inputs</C>), the model replies of each node in order (<C>replies</C>: a text, or{' '}
          <C>{'{ tool_calls: [{ name, arguments }] }'}</C>, optionally with <C>usage: {'{ input, output }'}</C>), tool stubs (<C>tools</C>: an output or{' '}
          <C>{'{ error }'}</C>; the calculator runs for real, any other tool without a stub fails its call) and assertions. Instead of replies a test may
          replay a <C>cassette</C> (below): a run’s recorded calls, a file for the CLI, <C>run:&lt;id&gt;</C> (a recorded run) on the server. The format is
          published as JSON Schema at <C>GET /api/schema?kind=test</C>.
        </p>
        <Code title="a test file" copy>
          {TEST_FILE}
        </Code>
        <Table
          head={['Variable', 'What it holds']}
          rows={[
            [<C key="v">output</C>, 'the run’s answer (null unless it succeeded)'],
            [<C key="v">state</C>, 'the final state (the last checkpoint’s when the run failed or paused)'],
            [<C key="v">status</C>, 'succeeded, failed, paused, cancelled or rejected; error: { code, message } or null'],
            [<C key="v">usage</C>, 'input_tokens, output_tokens, total_tokens, cost_usd, model_calls'],
            [<C key="v">trace.nodes_run</C>, 'node ids in the order they started (workers included)'],
            [<C key="v">trace.tools_called</C>, 'tool names in call order; trace.tool_results: { tool, output, error? }'],
            [<C key="v">trace.branches</C>, 'conditional edges taken: { from, to, condition, label }; trace.edges: every edge taken'],
            [<C key="v">trace.model_calls</C>, 'model calls; trace.models, trace.errors (failed nodes), trace.interrupt (a pause)'],
          ]}
        />
        <p>
          A false comparison says what its left side was (<C>was false (output is &quot;Hello&quot;)</C>). Lists have <C>contains()</C> as well as{' '}
          <C>in</C>. In the editor, the run panel’s <em>Tests</em> tab (also <em>Tests</em> in the header) edits the graph’s test file (kept beside the
          graph: <C>GET/PUT /api/graphs/:id/tests</C>) and runs it (<C>POST /api/graphs/:id/tests/run</C>), with pass/fail per assertion; after a run
          the tab and the button show the counts (<C>✓ 3 ✗ 1</C>).
        </p>
      </Sub>
      <Sub id="cassettes" title="Cassettes (recorded runs)">
        <p>
          Every run records its model and tool calls in its call journal, by node and a hash of the exact request. A <em>cassette</em> is that journal as a file: take a
          run that went well (or went wrong) on a real model and turn it into a test that replays it in CI without an API key, a network or a cost.
          Download it with <em>Download cassette</em> in the run page’s header, <C>GET /api/runs/:id/cassette</C> (any signed-in role) or{' '}
          <C>switchyard cassette RUN_ID --server URL --api-key KEY -o FILE</C>. The file holds{' '}
          <C>{'{ switchyard_cassette: 1, run_id, graph, graph_version, status, created_at, calls: [{ kind, node, request_hash, result }] }'}</C>:
          results only (the model’s reply, finish reason, usage and model name; the tool’s output or error), no requests, headers, keys or
          connection details.
        </p>
        <p>
          A test with <C>cassette: FILE</C> (relative to the test file) runs the graph as usual, and every model or tool call whose node and request match
          a recorded one gets the recorded result, the n-th identical call the n-th result. A call the cassette does not answer (the prompt, the graph or
          the input changed) takes the test’s <C>replies</C> or <C>tools</C> stubs, and without them the call fails (the calculator alone runs for real), so a stale cassette shows as a failing test
          rather than a silent model call. The same journal drives <em>Replay</em> on the server.
        </p>
        <Code title="a test that replays a cassette" copy>
          {CASSETTE_TEST}
        </Code>
        <Code title="record once, test in CI" copy>
          {CASSETTE_CLI}
        </Code>
      </Sub>
      <Sub id="cli" title="The switchyard CLI">
        <p>
          <C>switchyard</C> is the package’s command (<C>npx switchyard</C> in the repository). <C>validate</C>, <C>run</C> and <C>test</C> work on files,
          without a server; <C>push</C> imports files into a server (a new version when the name exists), <C>pull</C> writes a saved graph’s YAML and{' '}
          <C>cassette</C> a run’s recorded calls, with the server’s URL and API key (<C>--key</C> or <C>--api-key</C>, sent as{' '}
          <C>Authorization: Bearer</C>; <C>SWITCHYARD_API_KEY</C> when neither is given). <C>run</C> prints the
          trace as it goes (nodes, model calls with tokens and cost, tool calls, branches, the answer); every connection of the graph is the environment’s
          (<C>OPENAI_API_KEY</C>, <C>OPENAI_BASE_URL</C>) or <C>--base-url</C> unless <C>--connection NAME=URL</C> names it; it exits 0, 1 when the run
          failed, 3 when it paused at a human step. <C>test</C> ends with <C>N passed, N failed</C> and exits 1 when any failed.
        </p>
        <Code title="CLI" copy>
          {CLI}
        </Code>
      </Sub>
      <Sub id="cost" title="Cost and budgets">
        <p>
          Each model call is priced in USD per 1M input and output tokens: a connection’s own prices (Settings, or <C>prices</C> in{' '}
          <C>POST/PUT /api/connections</C>: <C>{'{ "gpt-4o": { "input": 2.5, "output": 10 } }'}</C>, <C>{'{ "*": "free" }'}</C>), else free for a server
          on this machine or a private network, else the shipped prices of common OpenAI models (a dated name such as <C>gpt-4o-mini-2024-07-18</C>{' '}
          takes its base model’s price). <C>llm.response</C> carries <C>cost_usd</C>, the run’s usage sums it (history, run page, <C>usage.cost_usd</C>
          ). A call answered from a recording in a replay costs nothing. <C>limits.max_cost_usd</C> stops the run once its cost passes the limit, and{' '}
          <C>limits.max_model_calls</C> refuses the call past the limit, both with the error <C>budget_exceeded</C> naming the cost so far.
        </p>
        <p>
          <C>node.finished</C> carries the node’s own model calls as <C>usage</C> (tokens, <C>model_calls</C>, <C>cost_usd</C>; a worker’s calls are
          on its own row). The run panel shows the cost of each model call and node under its tokens and the run’s in its header; the history has a
          Cost column and the run page shows the total. <em>free</em> is a cost of 0 (a free connection, or replies reused from a recording), <em>—</em>{' '}
          an unknown one (no price for the model). In Settings, a connection’s <em>Model prices</em> lists model → input and output $ per 1M tokens (an
          empty field takes the shipped price, shown greyed) and a <em>Free (local server)</em> toggle.
        </p>
        <p>
          With accounts on, a personal API key may have a budget: <C>max_cost_usd</C> per calendar month (UTC), set when it is created (
          <C>POST /api/keys</C>) or later (<C>PATCH /api/keys/:id</C> <C>{'{ "max_cost_usd": 5 }'}</C>, <C>null</C> removes it). Runs started with the
          key count toward it, whichever way they start; once they cost the budget, every entry point that starts a run refuses the key before the run
          starts with <C>402</C> <C>budget_exceeded</C>, naming the spend and the budget: <C>POST /api/graphs/:id/runs</C>,{' '}
          <C>/api/v1/chat/completions</C>, the assistants API (<C>/api/v1/threads/:id/runs</C>, <C>/api/v1/threads/runs</C>), <C>/api/mcp</C>{' '}
          <C>tools/call</C> (an error result <C>budget_exceeded: …</C>) and <C>POST /api/runs/:id/fork</C> and <C>/replay</C>. The key list shows{' '}
          <C>spent_usd</C> this month. A run started with the key may itself cost only what is left of the budget (read when it starts or
          resumes): the model call that crosses it is the last, and the run fails with <C>budget_exceeded</C>. Runs started at the same moment
          each see the same remainder, so together they can overshoot it.
        </p>
      </Sub>
      <Sub id="telemetry" title="OpenTelemetry">
        <p>
          With <C>OTEL_EXPORTER_OTLP_ENDPOINT</C> (or <C>OTEL_EXPORTER_OTLP_TRACES_ENDPOINT</C>) set, every run that ends is sent as one trace over
          OTLP/HTTP (JSON), following the GenAI semantic conventions: <C>invoke_workflow &lt;graph&gt;</C>, a span per node (<C>invoke_agent &lt;node&gt;</C>{' '}
          for model roles), <C>chat &lt;model&gt;</C> per model call (<C>gen_ai.request.model</C>, <C>gen_ai.usage.input_tokens</C>/
          <C>output_tokens</C>, <C>gen_ai.response.finish_reasons</C>, <C>switchyard.cost_usd</C>) and <C>execute_tool &lt;name&gt;</C> per tool call (
          <C>gen_ai.tool.name</C>). Node spans carry <C>switchyard.cost_usd</C> too (their model calls’ and nested nodes’ cost), and the run span the
          run’s total. Prompts, replies and tool arguments and results are added only with{' '}
          <C>OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true</C>. The other <C>OTEL_EXPORTER_OTLP_*</C> variables (headers, timeout) apply;{' '}
          <C>OTEL_SDK_DISABLED=true</C> turns the export off.
        </p>
        <Code title="export to a collector" copy>
          {OTEL}
        </Code>
      </Sub>
    </Section>
  );
}
