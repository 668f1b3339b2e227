/** 5. Tools: calculator, http, web_search, agent. */
import { C, Code, Note, Section, Sub, Table } from '../parts';
import { TOOLS_YAML } from '../snippets';

export function Tools() {
  return (
    <Section
      id="tools"
      title="Tools"
      intro="Tools are declared once under tools: and listed by the nodes that may use them (agent, executor tools, a tool node's tool)."
    >
      <Code title="all four tool types">{TOOLS_YAML}</Code>
      <p>
        Tool results are text; a result over 64 KiB is cut and marked <C>truncated</C> in the trace. A tool error goes back to the model as{' '}
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
        <p>An API you describe (OPEA’s callable_api), called on the server.</p>
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
            required string parameter. OPEA’s shorthand (seed 003) works too, one entry per argument:{' '}
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
            variables whose names start with <C>TOOL_</C> or are listed in <C>SWITCHYARD_TOOL_ENV</C>. A credential header (<C>Authorization</C>,{' '}
            <C>X-API-Key</C>, anything with token, secret, password, cookie…) with a literal value is a validation error.
          </li>
          <li>
            <C>timeout_s</C>: 0.1–120 (default 30). Responses are capped at 1 MiB; up to 5 redirects, each one checked.
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
              <C key="p">searxng</C>,
              <>
                <C>url</C>: the base URL of your instance (with the JSON format enabled)
              </>,
              <C key="c">GET …/search?format=json&amp;q=…</C>,
            ],
          ]}
        />
        <p>
          One argument, <C>query</C>. <C>domains</C> adds <C>site:</C> filters, <C>top_k</C> (1–50, default 5) the number of results, returned as
          numbered lines.
        </p>
      </Sub>
      <Sub id="tool-agent" title="agent">
        <p>
          <C>{'{ type: agent, node: <id>, description }'}</C> offers another node of the graph as a tool with one string parameter, <C>input</C>; a call runs that node
          with the argument as its whole task, and its answer is the result (nested in the trace). Unlike a supervisor, any agent can use it next to its
          other tools.
        </p>
      </Sub>
    </Section>
  );
}
