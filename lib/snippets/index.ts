/**
 * How to call a graph from code (issue 22, part 4): the one home of every snippet the editor's
 * "Use this graph" panel and share panel show, and that lib/snippets/snippets.test.ts runs against
 * a live server. Pure string building (browser-safe). The API key is never written into a snippet:
 * each reads SWITCHYARD_API_KEY from the environment (the panel shows the `export` line once, when
 * the key is created).
 */

export interface GraphRef {
  /** The server's origin as the browser reached it (window.location.origin), e.g. https://switchyard.example. */
  origin: string;
  /** The graph's name (the `model` of the OpenAI-compatible API). */
  model: string;
}

export type SnippetId = 'curl' | 'javascript' | 'python' | 'responses-js' | 'responses-python' | 'mcp' | 'a2a';

export interface Snippet {
  id: SnippetId;
  label: string;
  /** What to do with it, in one line. */
  hint: string;
  code: string;
}

export const API_KEY_ENV = 'SWITCHYARD_API_KEY';
const QUESTION = 'Hello! What can you do?';

const base = (origin: string) => origin.replace(/\/+$/, '');
/** A string as a JSON / JavaScript / Python double-quoted literal (the three agree for what JSON.stringify writes). */
const lit = (s: string) => JSON.stringify(s);
/** A single-quoted shell word. */
const shellWord = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The official JavaScript client pointed at the server, the key from the environment. */
const jsClient = (g: GraphRef) => [
  `// npm install openai`,
  `import OpenAI from 'openai';`,
  ``,
  `const client = new OpenAI({ baseURL: ${lit(`${base(g.origin)}/api/v1`)}, apiKey: process.env.${API_KEY_ENV} });`,
];

/** The official Python client pointed at the server, the key from the environment. */
const pyClient = (g: GraphRef) => [
  `# pip install openai`,
  `import os`,
  `from openai import OpenAI`,
  ``,
  `client = OpenAI(base_url=${lit(`${base(g.origin)}/api/v1`)}, api_key=os.environ[${lit(API_KEY_ENV)}])`,
];

export function curlSnippet(g: GraphRef): string {
  const body = JSON.stringify({ model: g.model, messages: [{ role: 'user', content: QUESTION }] });
  return [
    `curl ${base(g.origin)}/api/v1/chat/completions \\`,
    `  -H "Authorization: Bearer $${API_KEY_ENV}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${shellWord(body)}`,
  ].join('\n');
}

export function javascriptSnippet(g: GraphRef): string {
  return [
    ...jsClient(g),
    `const completion = await client.chat.completions.create({`,
    `  model: ${lit(g.model)},`,
    `  messages: [{ role: 'user', content: ${lit(QUESTION)} }],`,
    `});`,
    `console.log(completion.choices[0].message.content);`,
  ].join('\n');
}

export function pythonSnippet(g: GraphRef): string {
  return [
    ...pyClient(g),
    `completion = client.chat.completions.create(`,
    `    model=${lit(g.model)},`,
    `    messages=[{"role": "user", "content": ${lit(QUESTION)}}],`,
    `)`,
    `print(completion.choices[0].message.content)`,
  ].join('\n');
}

/** The Responses API (what the OpenAI Agents SDK and new clients use) with the official JavaScript client. */
export function responsesJavascriptSnippet(g: GraphRef): string {
  return [
    ...jsClient(g),
    `const response = await client.responses.create({ model: ${lit(g.model)}, input: ${lit(QUESTION)} });`,
    `console.log(response.output_text);`,
  ].join('\n');
}

/** The Responses API with the official Python client. */
export function responsesPythonSnippet(g: GraphRef): string {
  return [
    ...pyClient(g),
    `response = client.responses.create(model=${lit(g.model)}, input=${lit(QUESTION)})`,
    `print(response.output_text)`,
  ].join('\n');
}

/** The graph as an A2A agent: its card (the URL an A2A client is given), fetched with curl. */
export function a2aSnippet(g: GraphRef): string {
  return [
    `# The agent card: give this URL to an A2A client (@a2a-js/sdk, a2a-sdk for Python, another Switchyard graph's a2a tool)`,
    `curl ${base(g.origin)}/api/a2a/${encodeURIComponent(g.model)}/agent-card.json \\`,
    `  -H "Authorization: Bearer $${API_KEY_ENV}"`,
  ].join('\n');
}

/** An MCP client's server entry (Claude Desktop, Cursor, VS Code style): every graph of the key's workspace is a tool. */
export function mcpConfig(origin: string): { mcpServers: Record<string, { type: 'http'; url: string; headers: Record<string, string> }> } {
  return { mcpServers: { switchyard: { type: 'http', url: `${base(origin)}/api/mcp`, headers: { Authorization: `Bearer \${${API_KEY_ENV}}` } } } };
}

export function mcpSnippet(g: GraphRef): string {
  return JSON.stringify(mcpConfig(g.origin), null, 2);
}

export function graphSnippets(g: GraphRef): Snippet[] {
  return [
    { id: 'curl', label: 'curl', hint: `Chat Completions from a shell (set ${API_KEY_ENV} first).`, code: curlSnippet(g) },
    { id: 'javascript', label: 'JavaScript', hint: 'The official openai package for Node.js (an ES module, e.g. chat.mjs).', code: javascriptSnippet(g) },
    { id: 'python', label: 'Python', hint: 'The official openai package for Python.', code: pythonSnippet(g) },
    { id: 'responses-js', label: 'Responses (JS)', hint: 'The Responses API, as the OpenAI Agents SDK and new clients call it (official openai package for Node.js).', code: responsesJavascriptSnippet(g) },
    { id: 'responses-python', label: 'Responses (Python)', hint: 'The Responses API with the official openai package for Python.', code: responsesPythonSnippet(g) },
    { id: 'mcp', label: 'MCP', hint: `MCP client configuration: the graph is the tool "${g.model}" (replace \${${API_KEY_ENV}} if your client does not expand it).`, code: mcpSnippet(g) },
    { id: 'a2a', label: 'A2A', hint: 'The graph as an A2A agent: its agent card, and the JSON-RPC endpoint the card names.', code: a2aSnippet(g) },
  ];
}

/** The embed forms of a public chat: the chat bubble script and a plain iframe. */
export function embedSnippets(origin: string, token: string): { script: string; iframe: string } {
  const o = base(origin);
  return {
    script: `<script src="${o}/embed.js" data-token="${token}" async></script>`,
    iframe: `<iframe src="${o}/c/${token}?embed=1" title="Chat" style="width: 100%; height: 600px; border: 0;"></iframe>`,
  };
}
