/**
 * YAML and code shown in the docs. Every YAML snippet is a complete graph: the unit test parses
 * each one with parseGraphYaml, so what the docs show is always a valid document.
 */
import { celExample } from './cel-examples';

const verdict = celExample('state.verdict == "revise"').expr;
const longChat = celExample('size(state.messages) > 6').expr;
const approved = celExample('output == "approved"').expr;
const exitWhen = celExample('output.contains("DONE")').expr;

export const EDGES_YAML = `switchyard: 1
name: edges-demo
models:
  default: { connection: default, model: gpt-4o-mini }
state:
  verdict: { type: string }
nodes:
  writer: { role: agent }
  reviewer: { role: agent, output: verdict }
  summarize: { role: agent }
  approve: { role: human, prompt: Publish this? }
edges:
  - { from: START, to: writer }              # a plain edge always fires
  - { from: writer, to: reviewer }
  - from: reviewer                           # a conditional edge: branches tried in order
    branches:
      - { when: '${verdict}', to: writer }
      - { when: '${longChat}', to: summarize }
      - { else: approve }                    # taken when no 'when' is true
  - from: approve
    branches:
      - { when: '${approved}', to: END }
      - { else: writer }                     # rejected: back to the writer (the reason is in messages)
  - { from: summarize, to: END }
limits: { recursion_limit: 25 }
`;

export const FANOUT_YAML = `switchyard: 1
name: fan-out-demo
models:
  default: { connection: default, model: gpt-4o-mini }
nodes:
  plan: { role: agent }
  search_web: { role: agent }
  search_docs: { role: agent }
  check_docs: { role: agent }
  merge: { role: agent }
edges:
  - { from: START, to: plan }
  - { from: plan, to: search_web }           # two plain edges from one node: both fire (fan-out)
  - { from: plan, to: search_docs }
  - { from: search_docs, to: check_docs }    # a longer branch
  - { from: search_web, to: merge }
  - { from: check_docs, to: merge }          # merge waits for both branches, then runs once
  - { from: merge, to: END }
`;

export const LLM_ROUTER_YAML = `switchyard: 1
name: triage
models:
  default: { connection: default, model: gpt-4o-mini, temperature: 0 }
nodes:
  triage: { role: router, mode: llm, prompt: Classify the customer request. }
  billing: { role: agent, system_prompt: You handle billing questions. }
  tech: { role: agent, system_prompt: You handle technical problems. }
  other: { role: agent }
edges:
  - { from: START, to: triage }
  - from: triage
    branches:                                # the model answers "Label: <one of billing, tech, other>"
      - { when: 'true', to: billing, label: billing }
      - { when: 'true', to: tech, label: tech }
      - { else: other }                      # offered as the label "other" (the target id)
  - { from: billing, to: END }
  - { from: tech, to: END }
  - { from: other, to: END }
`;

export const STRATEGIES_YAML = `switchyard: 1
name: strategies-demo
models:
  default: { connection: default, model: gpt-4o-mini }
tools:
  calc: { type: calculator }
  finish: { type: calculator, description: Call with the final figure when you are done. }
nodes:
  mrkl:                                      # text loop: Thought / Action / Action Input / Observation
    role: agent
    strategy: react
    tools: [calc]
    max_steps: 8
  caller:                                    # native function calling
    role: agent
    strategy: tool_calling
    tools: [calc, finish]
    exit: { tool: finish }                   # or: text (default), or { when: CEL }
  looper:
    role: agent
    tools: [calc]
    exit: { when: '${exitWhen}' }
  planner_agent: { role: agent, strategy: plan_execute, tools: [calc] }
edges:
  - { from: START, to: mrkl }
  - { from: mrkl, to: caller }
  - { from: caller, to: looper }
  - { from: looper, to: planner_agent }
  - { from: planner_agent, to: END }
`;

export const TEAM_YAML = `switchyard: 1
name: team-demo
models:
  default: { connection: default, model: gpt-4o-mini }
tools:
  ask_researcher: { type: agent, node: researcher, description: Ask the researcher a question. }
nodes:
  lead:
    role: supervisor
    workers: [researcher, writer]            # offered to the model as tools named researcher, writer
  researcher: { role: agent, description: Finds facts and sources. }
  writer: { role: agent, description: Writes the final text., tools: [ask_researcher] }
  review: { role: human, kind: approval, prompt: Send this answer?, show: last }
  other_graph: { role: subgraph, graph: writer-reviewer, input: state.input }
edges:
  - { from: START, to: lead }
  - { from: lead, to: review }
  - { from: review, to: other_graph }
  - { from: other_graph, to: END }
`;

export const TOOLS_YAML = `switchyard: 1
name: tools-demo
models:
  default: { connection: default, model: gpt-4o-mini }
state:
  total: { type: string }
tools:
  calc: { type: calculator }
  weather:
    type: http
    description: Current weather for a city.
    method: GET                              # GET (default), POST, PUT, PATCH, DELETE
    url: https://api.example.com/weather/{city}?units={units}
    headers:
      Authorization: Bearer \${env:TOOL_WEATHER_TOKEN}
    args_schema:
      type: object
      properties:
        city: { type: string, description: City name }
        units: { type: string, enum: [metric, imperial] }
      required: [city, units]
    return_output: current.summary           # keep only this path of the JSON response
    timeout_s: 10
  search: { type: web_search, provider: serper, domains: [docs.python.org], top_k: 5 }
  intranet: { type: web_search, provider: searxng, url: https://searx.example.org }
  docs:
    type: web_retriever
    provider: serpapi
    domains: [docs.python.org]
    mode: documents                          # snippets (default) or documents (fetched pages)
    chunk_chars: 1000
    cache_ttl_s: 3600
    top_p: 0.9                               # keep the smallest set of passages reaching 0.9
    reflect: 1                               # rephrase and search again once if the result is off
  relevant: { type: document_sampler, top_p: 0.8, scorer: { type: rerank, connection: default, model: rerank-v3 } }
  expert: { type: agent, node: specialist, description: Ask the specialist. }
nodes:
  assistant: { role: agent, tools: [calc, weather, search, intranet, docs, relevant, expert] }
  specialist: { role: agent, description: Answers hard questions. }
  sum: { role: tool, tool: calc, args: { expression: state.input }, output: total }
edges:
  - { from: START, to: sum }
  - { from: sum, to: assistant }
  - { from: assistant, to: END }
`;

export const STATE_YAML = `switchyard: 1
name: state-demo
models:
  default: { connection: default, model: gpt-4o-mini }
state:
  messages: { type: messages }               # implicit: append
  notes: { type: list }                      # append (each item of a list update is appended)
  verdict: { type: string }                  # replace: last value wins
  profile: { type: json, reducer: merge, default: {} }   # shallow-merge objects
  attempts: { type: number, default: 0 }
  approved: { type: boolean }
nodes:
  a: { role: agent, output: verdict }
edges:
  - { from: START, to: a }
  - { from: a, to: END }
`;

export const ALL_YAML_SNIPPETS = { EDGES_YAML, FANOUT_YAML, LLM_ROUTER_YAML, STRATEGIES_YAML, TEAM_YAML, TOOLS_YAML, STATE_YAML } as const;

export const OPENAI_SNIPPET = `import OpenAI from 'openai';

const client = new OpenAI({
  baseURL: 'http://localhost:3000/api/v1',   // http://<your Switchyard host>/api/v1
  apiKey: process.env.SWITCHYARD_KEY ?? 'unused', // a personal API key (Settings › API keys) or SWITCHYARD_API_KEY
});

// model = a saved graph's name (or id); the last user message is the run's input
const res = await client.chat.completions.create({
  model: 'writer-reviewer',
  messages: [{ role: 'user', content: 'Explain CEL in one line.' }],
});
console.log(res.choices[0].message.content);

// streaming: real chat.completion.chunk objects, then [DONE]
const stream = await client.chat.completions.create({
  model: 'writer-reviewer',
  messages: [{ role: 'user', content: 'Explain CEL in one line.' }],
  stream: true,
});
for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? '');
`;

export const A2A_SNIPPET = `# the workspace's agents (one skill per graph) and one graph's card
curl -s http://localhost:3000/.well-known/agent-card.json -H "authorization: Bearer $SWITCHYARD_KEY"
curl -s http://localhost:3000/api/a2a/writer-reviewer/agent-card.json -H "authorization: Bearer $SWITCHYARD_KEY"

# SendMessage (JSON-RPC, A2A 1.0): answers the task once the run settles
curl -s http://localhost:3000/api/a2a/writer-reviewer \\
  -H "authorization: Bearer $SWITCHYARD_KEY" -H 'content-type: application/json' -H 'A2A-Version: 1.0' \\
  -d '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","contextId":"chat-42","parts":[{"text":"Explain CEL in one line."}]}}}'

# JS: the SDK's client (npm i @a2a-js/sdk)
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
const authed = (url, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('authorization', \`Bearer \${process.env.SWITCHYARD_KEY}\`);
  return fetch(url, { ...init, headers });
};
const factory = new ClientFactory(ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
  transports: [new JsonRpcTransportFactory({ fetchImpl: authed })],
  cardResolver: new DefaultAgentCardResolver({ fetchImpl: authed }),
}));
const agent = await factory.createFromUrl('http://localhost:3000/api/a2a/writer-reviewer/', 'agent-card.json');
for await (const event of agent.sendMessageStream({ message: { messageId: crypto.randomUUID(), role: 1, parts: [{ content: { $case: 'text', value: 'Explain CEL in one line.' } }] } })) {
  console.log(event.payload?.$case, JSON.stringify(event.payload?.value));
}
`;

export const RESPONSES_SNIPPET = `import OpenAI from 'openai';
const client = new OpenAI({ baseURL: 'http://localhost:3000/api/v1', apiKey: process.env.SWITCHYARD_KEY ?? 'unused' });

// model = a saved graph's name; usage on every response
const r = await client.responses.create({ model: 'writer-reviewer', input: 'Explain CEL in one line.', instructions: 'Be brief.' });
console.log(r.output_text, r.usage);

// streaming: response.created … response.output_text.delta … response.completed
const stream = client.responses.stream({ model: 'writer-reviewer', input: 'Explain CEL in one line.' });
stream.on('response.output_text.delta', (e) => process.stdout.write(e.delta));
await stream.finalResponse();

// your function tools: the graph's entry agent may call them; send the output back
const first = await client.responses.create({ model: 'weather-agent', input: 'Weather in Paris?', tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false }] });
const call = first.output.find((i) => i.type === 'function_call');
const answer = await client.responses.create({ model: 'weather-agent', previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: call.call_id, output: 'sunny' }] });

// a conversation keeps the turns (and the graph's memory) across requests
const conv = await client.conversations.create({ metadata: { user: 'ada' } });
await client.responses.create({ model: 'writer-reviewer', conversation: conv.id, input: 'Hi, I am Ada.' });
const items = await client.conversations.items.list(conv.id, { order: 'asc' });
`;

export const AGENTS_SDK_SNIPPET = `import { Agent, OpenAIProvider, Runner, tool } from '@openai/agents';
import { z } from 'zod';

const runner = new Runner({ modelProvider: new OpenAIProvider({ baseURL: 'http://localhost:3000/api/v1', apiKey: process.env.SWITCHYARD_KEY, useResponses: true }) });
const getWeather = tool({ name: 'get_weather', description: 'The weather in a city.', parameters: z.object({ city: z.string() }), execute: async ({ city }) => \`sunny in \${city}\` });
const agent = new Agent({ name: 'Weather', model: 'weather-agent', tools: [getWeather] }); // model = a graph name
console.log((await runner.run(agent, 'Weather in Paris?')).finalOutput);
`;

export const RUN_API_SNIPPET = `# start a run (the graph id is in the editor URL: /graphs/<id>)
curl -s -X POST http://localhost:3000/api/graphs/<id>/runs \\
  -H 'content-type: application/json' \\
  -d '{ "input": "Write a haiku about rivers.", "inputs": { "verdict": "" }, "breakpoints": ["reviewer"] }'
# → 201 { "run_id": "…" }

# follow it live (server-sent events; reconnecting with Last-Event-ID replays what you missed)
curl -N http://localhost:3000/api/runs/<run_id>/events

# status, output, usage and every event so far
curl -s http://localhost:3000/api/runs/<run_id>

# answer a human node or a breakpoint
curl -s -X POST http://localhost:3000/api/runs/<run_id>/resume \\
  -H 'content-type: application/json' -d '{ "value": { "action": "approve" } }'

# cancel
curl -s -X POST http://localhost:3000/api/runs/<run_id>/cancel
`;

export const SSE_SNIPPET = `id: 7
event: tool.result
data: {"seq":7,"run_id":"…","ts":"2025-01-01T12:00:00.000Z","type":"tool.result","step":1,"node":"mrkl","span_id":"…","parent_span_id":"…","data":{"tool":"calc","output":"1024","latency_ms":1}}

: heartbeat 2025-01-01T12:00:15.000Z
`;
