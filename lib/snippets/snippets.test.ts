/**
 * Every snippet of the "Use this graph" panel (lib/snippets) is executed against a running server
 * (accounts on, a real API key from /api/keys, the mock model): the curl command in a shell, the
 * JavaScript with Node and the official `openai` package, the Python with the official `openai`
 * package (lib/testing/python-openai.ts), and the MCP configuration by the MCP SDK's client. Each
 * must print the graph's answer.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { agentGraph } from '@/lib/runtime/testing/graphs';
import { startAuthServer, type AuthServer } from '@/lib/testing/auth-server';
import { pythonOpenAI } from '@/lib/testing/python-openai';
import { API_KEY_ENV, embedSnippets, graphSnippets, mcpConfig, type Snippet, type SnippetId } from './index';

const run = promisify(execFile);
const py = pythonOpenAI();
if ('unavailable' in py) console.warn(`[snippets] the Python snippet is skipped: ${py.unavailable}`);

let mock: MockOpenAI;
let s: AuthServer;
let key: string;
let snippets: Record<SnippetId, Snippet>;
// Inside the worktree, so that `import 'openai'` in the JavaScript snippet resolves from node_modules.
const dir = mkdtempSync(path.join(process.cwd(), '.snippets-'));

beforeAll(async () => {
  mock = await startMockOpenAI({ rules: [{ match: { systemContains: 'SNIPPET-GRAPH' }, reply: { content: 'Hi from the snippet graph.' } }] });
  s = await startAuthServer({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', SWITCHYARD_RATE_LIMIT: '0' });
  const admin = await s.setupAdmin();
  const g = await s.call('POST', '/api/graphs', { cookie: admin }, { document: agentGraph('support-bot', { agent: { system_prompt: 'You are SNIPPET-GRAPH.' } }) });
  expect(g.status).toBe(201);
  key = (await s.call('POST', '/api/keys', { cookie: admin }, { name: 'snippets' })).body.secret;
  snippets = Object.fromEntries(graphSnippets({ origin: s.api.url, model: 'support-bot' }).map((x) => [x.id, x])) as Record<SnippetId, Snippet>;
}, 60_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await s?.close();
  await mock?.close();
});

const env = () => ({ ...process.env, [API_KEY_ENV]: key });

describe('the "Use this graph" snippets, run against a live server', () => {
  it('curl prints a chat completion with the answer', async () => {
    const { stdout } = await run('bash', ['-c', snippets.curl.code], { env: env(), timeout: 60_000 });
    expect(JSON.parse(stdout).choices[0].message.content).toBe('Hi from the snippet graph.');
  });

  it('JavaScript (Node, the official openai package) prints the answer', async () => {
    const file = path.join(dir, 'chat.mjs');
    writeFileSync(file, snippets.javascript.code);
    const { stdout } = await run(process.execPath, [file], { env: env(), timeout: 60_000 });
    expect(stdout.trim()).toBe('Hi from the snippet graph.');
  });

  it.skipIf('unavailable' in py)('Python (the official openai package) prints the answer', async () => {
    const file = path.join(dir, 'chat.py');
    writeFileSync(file, snippets.python.code);
    const { stdout } = await run((py as { python: string }).python, [file], { env: env(), timeout: 60_000 });
    expect(stdout.trim()).toBe('Hi from the snippet graph.');
  });

  it('Responses (JavaScript and Python, the official openai packages) print the answer', async () => {
    const file = path.join(dir, 'responses.mjs');
    writeFileSync(file, snippets['responses-js'].code);
    expect((await run(process.execPath, [file], { env: env(), timeout: 60_000 })).stdout.trim()).toBe('Hi from the snippet graph.');
    if ('unavailable' in py) return;
    const pyFile = path.join(dir, 'responses.py');
    writeFileSync(pyFile, snippets['responses-python'].code);
    expect((await run((py as { python: string }).python, [pyFile], { env: env(), timeout: 60_000 })).stdout.trim()).toBe('Hi from the snippet graph.');
  }, 90_000);

  it('the A2A curl fetches the agent card of the graph, naming its endpoint', async () => {
    const { stdout } = await run('bash', ['-c', snippets.a2a.code], { env: env(), timeout: 60_000 });
    const card = JSON.parse(stdout) as { name: string; skills: { id: string }[]; supportedInterfaces?: { url: string }[]; url?: string };
    expect(card.skills.length).toBeGreaterThan(0);
    expect(JSON.stringify(card)).toContain(`${s.api.url}/api/a2a/support-bot`);
  });

  it('the MCP client configuration reaches the graph as a tool', async () => {
    const entry = (JSON.parse(snippets.mcp.code) as ReturnType<typeof mcpConfig>).mcpServers.switchyard;
    // What an MCP client does with the entry: expand ${SWITCHYARD_API_KEY}, connect over streamable HTTP.
    const headers = Object.fromEntries(Object.entries(entry.headers).map(([k, v]) => [k, v.replace(`\${${API_KEY_ENV}}`, key)]));
    const client = new Client({ name: 'snippet-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(entry.url), { requestInit: { headers } }));
    try {
      const result = (await client.callTool({ name: 'support-bot', arguments: { input: 'Hello!' } })) as { content: { text: string }[] };
      expect(result.content.map((c) => c.text).join('')).toContain('Hi from the snippet graph.');
    } finally {
      await client.close();
    }
  });

  it('with a wrong key, the same curl is refused (401): the snippets carry no secret', async () => {
    expect(Object.values(snippets).some((x) => x.code.includes(key))).toBe(false);
    const { stdout } = await run('bash', ['-c', `${snippets.curl.code} -s -o /dev/null -w '%{http_code}'`], { env: { ...process.env, [API_KEY_ENV]: 'sy-not-a-key' }, timeout: 60_000 });
    expect(stdout).toBe('401');
  });

  it('names with quotes stay one shell word and valid literals; embed snippets point at the origin given', () => {
    const odd = graphSnippets({ origin: 'https://sy.example/', model: "it's \"odd\"" });
    const curl = odd.find((x) => x.id === 'curl')!.code;
    expect(curl).toContain('https://sy.example/api/v1/chat/completions');
    expect(curl).toContain(`'\\''`);
    expect(odd.find((x) => x.id === 'javascript')!.code).toContain('model: "it\'s \\"odd\\"",');
    expect(embedSnippets('https://sy.example', 'tok123')).toEqual({
      script: '<script src="https://sy.example/embed.js" data-token="tok123" async></script>',
      iframe: '<iframe src="https://sy.example/c/tok123?embed=1" title="Chat" style="width: 100%; height: 600px; border: 0;"></iframe>',
    });
  });
});
