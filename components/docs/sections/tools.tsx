/** 5. Tools: the table of types (from lib/graph/tool-types.ts), then one part per type, and reflect. */
import { TOOL_TYPE_LIST, TOOL_TYPES, type ToolRuns } from '@/lib/graph/tool-types';
import { C, Code, Note, Section, Sub, Table } from '../parts';
import { TOOLS_YAML } from '../snippets';

const ANSWERED_BY: Record<ToolRuns, string> = {
  server: 'the server',
  person: 'a person (the run pauses)',
  caller: 'the API caller (the run pauses)',
  node: 'another node of the graph',
};

/** One row per tool type, read from the registry: its name (linking to its part), what it does, who answers, reflect. */
function ToolTypesTable() {
  return (
    <Table
      testId="tool-types-table"
      head={['type', 'what it does', 'answered by', 'reflect']}
      rows={TOOL_TYPE_LIST.map((t) => {
        const meta = TOOL_TYPES[t];
        return [
          <a key="t" href={`#${meta.docsAnchor}`}>
            <C>{t}</C>
          </a>,
          meta.description,
          ANSWERED_BY[meta.runs],
          meta.noReflect === undefined ? 'yes' : `no: ${meta.noReflect}`,
        ];
      })}
    />
  );
}

export function Tools() {
  return (
    <Section
      id="tools"
      title="Tools"
      intro="Tools are declared once under tools: and listed by the nodes that may use them (agent, executor tools, a tool node's tool)."
    >
      <ToolTypesTable />
      <Code title="the tool types">{TOOLS_YAML}</Code>
      <p>
        Tool results are text (the retrieval tools return a JSON list of documents); a result over 64 KiB is cut and marked <C>truncated</C> in the trace. A tool error goes back to the model as{' '}
        <C>Error: …</C> (it can try again), except in a tool node, where it fails the run.
      </p>
      <Sub id="tool-calculator" title="calculator">
        <p>
          Arithmetic with a safe parser (never <C>eval</C>). One argument, <C>expression</C>.
        </p>
        <Table
          head={['', '']}
          rows={[
            [
              'Operators',
              <>
                <C>+</C> <C>-</C> <C>*</C> <C>/</C> <C>%</C>, <C>^</C> or <C>**</C> (power, right-associative, binds tighter than unary minus:{' '}
                <C>-2^2 = -4</C>), parentheses
              </>,
            ],
            [
              'Numbers',
              <>
                <C>12</C> <C>3.5</C> <C>.5</C> <C>1e-3</C>; constants <C>pi</C>, <C>e</C>
              </>,
            ],
            [
              'Functions',
              <>
                <C>sqrt</C> <C>abs</C> <C>ln</C> <C>log</C> (base 10) <C>exp</C> <C>sin</C> <C>cos</C> <C>tan</C> <C>floor</C> <C>ceil</C>{' '}
                <C>round(x[, digits])</C> <C>min(…)</C> <C>max(…)</C>
              </>,
            ],
            ['Limits', 'expressions up to 1000 characters, nesting up to 100 levels'],
          ]}
        />
      </Sub>
      <Sub id="tool-http" title="http">
        <p>An API you describe, called on the server.</p>
        <ul>
          <li>
            <C>method</C>: <C>GET</C> (default), <C>POST</C>, <C>PUT</C>, <C>PATCH</C>, <C>DELETE</C>.
          </li>
          <li>
            <C>url</C>: a template; <C>{'{arg}'}</C> placeholders are filled URL-encoded from the call’s arguments, in the path and query only (never the
            scheme or host). Arguments the template does not use go in a JSON body for POST / PUT / PATCH, in the query string otherwise.
          </li>
          <li>
            <C>args_schema</C>: the JSON Schema of the arguments, which the model sees and which checks what it sends. Without it, every placeholder is a
            required string parameter. A shorter form works too, one entry per argument:{' '}
            <C>{'args_schema: { query: { type: str, description: The search query. } }'}</C>. Its types <C>str</C>, <C>int</C>, <C>float</C>,{' '}
            <C>bool</C>, <C>list</C>, <C>dict</C> become <C>string</C>, <C>integer</C>, <C>number</C>, <C>boolean</C>, <C>array</C>, <C>object</C>, and
            every argument is required. The document keeps the shorthand as written (export gives the same text); the model gets the JSON Schema.
            An unknown type is a validation error naming the argument.
          </li>
          <li>
            <C>return_output</C>: keep only a dotted path of a JSON response (<C>data.items.0.title</C>).
          </li>
          <li>
            <C>headers</C>: static values. Secrets never go in the YAML: write <C>{'${env:TOOL_NAME}'}</C>, resolved on the server from environment
            variables whose names start with <C>TOOL_</C> or are listed in <C>SWITCHYARD_TOOL_ENV</C>. Every header value counts as a credential, whatever
            its name (<C>Authorization</C>, <C>X-Session</C>, <C>Ocp-Apim-Subscription-Key</C>…): a literal value is a validation error, except for the
            plain headers <C>Accept</C>, <C>Content-Type</C>, <C>User-Agent</C>, <C>Cache-Control</C> and the like. A resolved value is masked as{' '}
            <C>[redacted]</C> wherever it comes back (a tool result, an error, the trace, logs).
          </li>
          <li>
            <C>timeout_s</C>: 0.1–120 (default 30). Responses are capped at 1 MiB; up to 5 redirects, each one checked.
          </li>
          <li>
            A non-2xx answer is a tool error (<C>http_error</C>) saying <C>answered 404: …</C> with the start of the body; the far server’s status is kept
            as data, <C>upstream_status</C> in the error’s details, and is never the status Switchyard’s own API answers with (a tool node whose call
            fails fails the run: <C>/v1</C> answers a 5xx <C>server_error</C>; an agent gets the error as its tool result and goes on).
          </li>
        </ul>
        <Note>
          <strong>SSRF protection.</strong> Tools may only reach public http(s) hosts: every address a host resolves to is checked (loopback, private,
          link-local, cloud metadata, IPv4 inside IPv6… are refused, however the address is written), and URLs with <C>user:password@</C> are refused. An
          operator allows private hosts with <C>SWITCHYARD_ALLOWED_HOSTS</C> (comma-separated host names or IPs), e.g. <C>localhost,10.0.0.5</C>.
        </Note>
      </Sub>
      <Sub id="tool-web-search" title="web_search">
        <Table
          head={['provider', 'Needs', 'Calls']}
          rows={[
            [
              <C key="p">serper</C>,
              <>
                env <C>SERPER_API_KEY</C> (endpoint <C>SERPER_URL</C>, default <C>https://google.serper.dev</C>). A graph cannot set the URL, so the key
                cannot be sent elsewhere.
              </>,
              <C key="c">POST …/search</C>,
            ],
            [
              <C key="p">serpapi</C>,
              <>
                env <C>SERPAPI_API_KEY</C> (endpoint <C>SERPAPI_URL</C>, default <C>https://serpapi.com</C>); the same rule.
              </>,
              <C key="c">GET …/search.json?engine=google&amp;q=…</C>,
            ],
            [
              <C key="p">searxng</C>,
              <>
                <C>url</C>: the base URL of your instance (with the JSON format enabled); without it the graph does not save
              </>,
              <C key="c">GET …/search?format=json&amp;q=…</C>,
            ],
          ]}
        />
        <p>
          One argument, <C>query</C>. <C>domains</C> scopes the search: it adds <C>site:</C> operators to the query and drops every result whose host is
          not one of the domains or a subdomain of one. <C>top_k</C> (1–50, default 5) is the number of results. The result is a JSON list of documents{' '}
          <C>{'{ content: snippet, meta: { title, url, position } }'}</C>; the trace&apos;s <C>tool.result</C> adds <C>results</C> and{' '}
          <C>dropped_off_domain</C>.
        </p>
        <p>
          Checked when the graph is saved or imported (an error at its path and line): <C>provider: searxng</C> without <C>url</C> (
          <C>searxng_no_url</C>, at <C>tools.web.provider</C>), and <C>url</C> on <C>serper</C> or <C>serpapi</C> (<C>search_url_not_allowed</C>). A
          missing <C>SERPER_API_KEY</C> / <C>SERPAPI_API_KEY</C> is the server&apos;s environment, so it shows when the tool runs.
        </p>
      </Sub>
      <Sub id="tool-web-retriever" title="web_retriever">
        <p>
          The same search (<C>provider</C>, <C>url</C>, <C>domains</C>, <C>top_k</C>, default 3), then, by <C>mode</C>:
        </p>
        <Table
          head={['mode', 'Returns']}
          rows={[
            [<C key="m">snippets</C>, 'the search snippets as documents (the default)'],
            [
              <C key="m">documents</C>,
              <>
                the top_k result pages, fetched through the SSRF-guarded client, reduced to their main text (Mozilla Readability: no navigation, scripts,
                styles, headers or footers) and split into paragraph-sized documents of at most <C>chunk_chars</C> (default 1000) characters, each starting
                with the last <C>chunk_overlap</C> (default 100) characters of the one before; <C>meta</C> adds <C>chunk</C>. A page that cannot be fetched
                is replaced by its snippet (<C>meta.snippet: true</C>), and the trace says why.
              </>,
            ],
          ]}
        />
        <p>
          Fetched pages are cached in the database by URL for <C>cache_ttl_s</C> (default 3600; 0 turns the cache off). The trace&apos;s{' '}
          <C>tool.result</C> lists <C>pages</C>, each with <C>cache</C>: <C>hit</C> (read from the cache, nothing fetched), <C>miss</C>,{' '}
          <C>expired</C> (fetched again) or <C>off</C>, and counts <C>cache_hits</C>. The cache keeps at most 500 pages / 32 MiB of text; the oldest go
          first. With <C>top_p</C> (and <C>scorer</C>) the documents are then sampled as below.
        </p>
      </Sub>
      <Sub id="tool-document-sampler" title="document_sampler (top-p)">
        <p>
          Arguments <C>query</C> and <C>documents</C> (documents or strings, or their JSON). Each document is scored for relevance to the query, the scores
          become probabilities (softmax) and the smallest set, best first, whose cumulative probability reaches <C>top_p</C> (0–1, default 0.9) is kept,
          with <C>score</C> and <C>probability</C> in its <C>meta</C>. The trace&apos;s <C>sampling</C> shows every document&apos;s score,
          probability and whether it was kept.
        </p>
        <Table
          head={['scorer', 'How']}
          rows={[
            [<C key="s">{'{ type: bm25 }'}</C>, 'built-in Okapi BM25, no model (the default); the softmax is over the raw scores'],
            [
              <C key="s">{'{ type: rerank, connection, model }'}</C>,
              <>
                <C>POST &lt;base_url&gt;/rerank</C> <C>{'{ model, query, documents }'}</C> → <C>{'{ results: [{ index, relevance_score }] }'}</C>{' '}
                (Cohere, Jina, TEI); scores in 0–1 are read as probabilities and their logit is softmaxed
              </>,
            ],
            [
              <C key="s">{'{ type: embeddings, connection, model }'}</C>,
              <>
                <C>POST &lt;base_url&gt;/embeddings</C>; cosine similarity to the query, divided by 0.05 before the softmax
              </>,
            ],
          ]}
        />
        <p>
          Connections are the operator&apos;s (Settings); calls carry the connection&apos;s key and go through the SSRF-guarded client. A scorer naming a
          connection that is not configured is an error when the graph is saved or imported (<C>unknown_connection</C> at{' '}
          <C>tools.docs.scorer.connection</C>, with its line): add the connection first. On a <C>web_retriever</C>, a <C>scorer</C> without{' '}
          <C>top_p</C> is never used (a warning).
        </p>
      </Sub>
      <Sub id="tool-openapi" title="openapi">
        <Code>{`tools:
  pets:
    type: openapi
    spec_url: https://api.example.org/openapi.json   # or spec: { openapi: 3.1.0, ... } inline
    operations: [listPets, getPet]                   # the allow-list of operationIds
    headers: { Authorization: "Bearer \${env:TOOL_PETS_KEY}" }`}</Code>
        <p>
          Each allow-listed operation of an OpenAPI 3.0 or 3.1 description becomes a function named after its{' '}
          <C>operationId</C>. Its arguments are the operation&apos;s path, query and header parameters by name, and <C>body</C> for a JSON request body
          (their JSON Schemas, <C>$ref</C>s inlined; a ReAct agent writes them as a JSON Action Input). Only local <C>$ref</C>s (<C>#/...</C>) are
          followed, with bounds; a recursive schema is cut to <C>{'{}'}</C>. Calls go to <C>base_url</C> (default: the spec&apos;s first server) through
          the SSRF-guarded client; an operation outside <C>operations</C> is refused. Credentials only as <C>{'${env:TOOL_*}'}</C> header references,
          as for <C>http</C>.
        </p>
        <p>
          <C>spec_url</C> is fetched (through the same guarded client, JSON or YAML, at most 2 MiB) when the graph is created, saved or imported, and
          stored into the tool&apos;s <C>spec</C>: the saved document and each of its versions carry the spec they run with, and the next save fetches it
          again. A spec that does not read cleanly is a validation error at its place (<C>tools.pets.spec.paths./pets.get.parameters[0].in</C>, with
          its line when the spec is inline); a failed fetch is an error at <C>tools.pets.spec_url</C>. A tool with neither <C>spec</C> nor{' '}
          <C>spec_url</C> is an error at the tool (<C>openapi_no_spec</C>).
        </p>
      </Sub>
      <Sub id="tool-mcp" title="mcp (MCP servers)">
        <Code>{`tools:
  calc:
    type: mcp
    server: calc          # an MCP server from Settings (or SWITCHYARD_MCP_STDIO)
    tools: [add, echo]    # the server's tools offered to the agent`}</Code>
        <p>
          The operator configures MCP servers like connections: Settings › MCP servers, or <C>/api/mcp-servers</C> (streamable HTTP or SSE by URL,
          header values write-only and encrypted at rest; <C>Test</C> lists the server&apos;s tools). stdio servers come only from the server&apos;s own
          config, never from a graph: <C>SWITCHYARD_MCP_STDIO</C> holds JSON <C>{'{ "name": { "command": "...", "args": [...], "env": {...} } }'}</C> or
          the path of a file with it. The listed tools are offered under their own names with the schemas the server lists; calls and results are{' '}
          <C>tool.call</C> / <C>tool.result</C> events (<C>type: mcp</C>). A graph naming a server that is not configured is refused when it is saved or
          imported (<C>unknown_mcp_server</C> at <C>tools.calc.server</C>, with its line; an editor autosave keeps it as the draft with that problem);
          a server removed after the graph was saved fails the run at its start, naming the tool. HTTP transports go through the SSRF-guarded client: a server on a private address needs <C>SWITCHYARD_ALLOWED_HOSTS</C>.
        </p>
        <p>
          <strong>Every graph is an MCP server.</strong> <C>/api/mcp</C> (streamable HTTP, stateless) lists the saved graphs as tools (input{' '}
          <C>{'{ input: string, inputs?: { <declared state channel>: ... } }'}</C>) and runs them: a call starts a run, waits for it and returns its
          answer as text (<C>isError</C> with the reason when it fails or pauses). A client that sends a <C>progressToken</C> gets progress
          notifications as nodes start and finish and tools are called; a call the client cancels or abandons cancels its run. It is protected like <C>/api/v1</C> (an API key or session; with accounts off,{' '}
          <C>SWITCHYARD_API_KEY</C> when set).
        </p>
        <p data-testid="docs-mcp-2026">
          It speaks both MCP eras on one endpoint: the stateless <strong>2026-07-28</strong> revision (no <C>initialize</C>, no session,{' '}
          <C>server/discover</C>, the protocol version in every request’s <C>_meta</C>; the SDK 2.x client with{' '}
          <C>{"versionNegotiation: { mode: 'auto' }"}</C> or a pin) and 2025-06-18 / 2025-11-25 clients (<C>initialize</C> first). A graph whose{' '}
          <C>output</C> names a declared state channel publishes an <C>outputSchema</C> and answers with <C>{'structuredContent: { output }'}</C>. An
          unknown tool name, or arguments without <C>input</C>, is a JSON-RPC error (<C>-32602</C>), not an <C>isError</C> result.
        </p>
      </Sub>
      <Sub id="tool-knowledge" title="knowledge (knowledge bases)">
        <Code>{`tools:
  faq:
    type: knowledge
    knowledge_base: handbook   # a knowledge base of the graph's workspace (the Knowledge page)
    description: Our staff handbook
    top_k: 5                   # hits (1-50, default 5)
    mode: hybrid               # hybrid | keyword | vector (default: hybrid with an embedding model, else keyword)
    top_p: 0.9                 # optional: keep the smallest set of hits whose softmaxed scores reach p`}</Code>
        <p>
          A knowledge base holds a workspace&apos;s documents: PDF (<C>unpdf</C>), DOCX (<C>mammoth</C>), HTML (<C>@mozilla/readability</C> +{' '}
          <C>linkedom</C>), Markdown, text, CSV and JSON, uploaded or fetched from a URL through the SSRF-guarded client. The kind is read from the
          bytes, never the name; PDF, DOCX and HTML are parsed in a worker thread with a memory and a time limit (a PDF or zip bomb is refused with a
          413 naming it). Text is split on headings first, then paragraphs (<C>chunking: {'{ target_chars, overlap }'}</C>), embedded in batches
          of 64 through the base&apos;s <C>embedding: {'{ connection, model }'}</C> (<C>/embeddings</C>, retried) and stored with the document&apos;s{' '}
          <C>ready</C> status in one transaction; a failing endpoint marks the document <C>failed</C> with the reason and keeps none of it. The
          same content added twice is stored once. Without an embedding model a base is keyword-only and needs no key.
        </p>
        <p>
          Search: <C>keyword</C> ranks by BM25 (SQLite FTS5; on Postgres <C>ts_rank_cd</C> over a <C>tsvector</C>), <C>vector</C> by cosine
          similarity (sqlite-vec on SQLite; an exact scan on Postgres, bounded by 100,000 chunks a base), <C>hybrid</C> fuses both rankings by
          reciprocal rank (k = 60). The model gets numbered passages, each with its citation (<C>handbook.pdf, p. 2</C> or{' '}
          <C>faq.md › Install</C>); the trace&apos;s <C>tool.result</C> adds <C>query</C>, <C>mode</C> and every hit with its <C>score</C>,{' '}
          <C>document</C>, <C>position</C>, <C>section</C> and <C>page</C>. A graph names a base like a connection; export never includes documents;
          a base the workspace does not have is refused when the graph is saved or imported (<C>unknown_knowledge_base</C> at{' '}
          <C>tools.faq.knowledge_base</C>, with its line). API: <C>/api/knowledge-bases</C> (HTTP API section).
        </p>
      </Sub>
      <Sub id="tool-reflect" title="reflect (self-reflection)">
        <Code>{`tools:
  web:  { type: web_search, provider: serper, reflect: 2 }
  pets: { type: openapi, spec_url: https://api.example.org/openapi.json, operations: [listPets], reflect: 1 }
  calc: { type: mcp, server: calc, tools: [add, echo], reflect: 1 }`}</Code>
        <p>
          <C>reflect: N</C> (0–5, default 0: off) on any tool that runs at once: <C>calculator</C>, <C>http</C>, <C>web_search</C>,{' '}
          <C>web_retriever</C>, <C>document_sampler</C>, <C>openapi</C> (each allow-listed operation, judged against its own summary and arguments)
          and <C>mcp</C> (each server tool, judged against the description the server lists). After the tool runs, the node&apos;s model is asked whether the tool&apos;s description, its input and its output are aligned (JSON{' '}
          <C>{'{ aligned, reason, rephrased_input }'}</C>). If not, the input is rephrased (keeping its meaning) and the tool runs again, at most N
          times. The model gets the first aligned output, or the last one with a <C>[Self-reflection: …]</C> note. Each judgement is an{' '}
          <C>llm.request</C> / <C>llm.response</C> with <C>purpose: reflection</C> under the tool&apos;s span; <C>tool.result</C> has{' '}
          <C>reflection</C> with every attempt. A rerun is a new call (its own idempotency key for <C>http</C> and <C>openapi</C>).
        </p>
        <p>
          Not on <C>human</C> tools (a person&apos;s answer is not judged or asked for again), <C>client</C> tools (the API caller runs them after the
          run pauses, so there is no output to judge) or <C>agent</C> tools (give <C>reflect</C> to the tools of the node it runs): <C>reflect</C> on one
          of them is a validation error at the field, <C>reflect_not_offered</C>, saying why.
        </p>
      </Sub>
      <Sub id="tool-human" title="human (ask a person)">
        <p>
          <C>{'{ type: human, description }'}</C> lets an agent ask a person: when the model calls it (one string argument, <C>question</C>), the run
          pauses with the question (interrupt kind <C>tool</C>, the call id named). Resume it with{' '}
          <C>{'{ action: "answer", value: "<the answer>" }'}</C> (the debug panel’s pause card has an answer box; the assistants API shows the call in{' '}
          <C>requires_action</C>, answered with <C>submit_tool_outputs</C>): the answer becomes the tool result and the agent goes on without repeating its
          earlier model calls. Workers and <C>agent</C> tools cannot pause, so validation refuses a human tool there; a human node inside a subgraph
          pauses the parent run and resumes into the subgraph.
        </p>
      </Sub>
      <Sub id="tool-client" title="client tools (the API caller’s)">
        <p>
          The <C>tools</C> of a chat completions request join the entry agent’s tools (it must be a <C>tool_calling</C> agent) as <C>client</C> tools.
          When the agent calls one, the run pauses and the response ends with <C>finish_reason: &quot;tool_calls&quot;</C> and the calls (
          <C>message.tool_calls</C>, or <C>delta.tool_calls</C> chunks when streaming). The caller runs them and sends its next request with the{' '}
          <C>role: tool</C> results; the paused run is found by the call ids and resumed with{' '}
          <C>{'{ action: "answer", tool_outputs: [{ tool_call_id, output }] }'}</C>, then answers as usual. All calls of one model reply pause
          together. <C>tool_choice: &quot;none&quot;</C> offers no client tools; <C>required</C> and a named function (one of the request’s tools)
          go with the entry agent’s first model call of the run, whose later calls choose freely; <C>auto</C> is the default.
        </p>
      </Sub>
      <Sub id="tool-remote-agent" title="a2a (a remote agent)">
        <Code>{`tools:
  weather:
    type: a2a
    card_url: https://agents.example.org/api/a2a/weather/agent-card.json
    description: Ask the weather agent
    headers: { Authorization: "Bearer \${env:TOOL_WEATHER_KEY}" }   # a Switchyard agent wants an API key
    timeout_s: 120`}</Code>
        <p>
          Calls a remote <a href="#a2a">A2A</a> agent (protocol 1.0; 0.3 agents too): another Switchyard graph, or an agent served by LangGraph,
          Mastra, Langflow… The model sends <C>message</C> (and <C>task_id</C> to answer an agent that asked for more input); the result is the
          agent&apos;s answer. The card, the call and its event stream go through the SSRF-guarded client (an agent on a private address needs{' '}
          <C>SWITCHYARD_ALLOWED_HOSTS</C>); header values are <C>{'${env:TOOL_*}'}</C> references, as for <C>http</C>. While the remote task runs,
          each update is a <C>tool.progress</C> event under the call&apos;s span (<C>state</C>, status <C>text</C>, answer <C>artifact</C> text as it
          streams); <C>tool.result</C> adds <C>a2a</C> (<C>task_id</C>, <C>context_id</C>, final <C>state</C>, the updates). A task that ends
          failed, rejected or cancelled is a tool error; <C>input-required</C> comes back to the model with the agent&apos;s question and the task id.
          A <C>card_url</C> that is not an http(s) URL, or a literal header value, is a validation error at its YAML line.
        </p>
      </Sub>
      <Sub id="tool-agent" title="agent">
        <p>
          <C>{'{ type: agent, node: <id>, description }'}</C> offers another node of the graph as a tool with one string parameter, <C>input</C>; a call runs that node
          with the argument as its whole task, and its answer is the result (nested in the trace). Unlike a supervisor, any agent can use it next to its
          other tools.
        </p>
      </Sub>
      <Sub id="tool-code" title="code (sandboxed JS / Python)">
        <p>
          <C>{'{ type: code, language: javascript | python, code, function?, parameters?, timeout_s?, memory_mb? }'}</C> runs the graph’s own code
          when the model calls it. The arguments are the global <C>args</C>; the value of the last expression (or what <C>function</C> returns, called
          with the arguments) is the result, which must be JSON; the model gets <C>{'{"result": …, "stdout": "…"}'}</C>. Errors come back to the model
          with their name and line, or the limit reached (time: default 5 s; memory: 64 MiB for JavaScript, 256 MiB for Python; stdout 64 KiB).
        </p>
        <p>
          JavaScript runs in QuickJS and Python in Pyodide (CPython in WebAssembly, standard library only, loaded from the server’s own files), each
          in a worker thread with no network, no host file system and no environment. A JavaScript call gets a fresh interpreter holding nothing
          but the language’s built-ins; Python’s code may not import <C>os</C>, <C>sys</C>, <C>subprocess</C>, <C>socket</C>, <C>js</C> or{' '}
          <C>pyodide</C>, and below that guard the worker’s Node modules and globals that could reach out are disabled. Not isolated: CPU time up to
          the limit, and Python module state shared by calls on one warm worker. The README’s “Security model of the code tool” says exactly what
          is and is not isolated.
        </p>
      </Sub>
    </Section>
  );
}
