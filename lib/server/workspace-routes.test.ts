/**
 * Workspaces keep their graphs, runs, conversations and keys to themselves through every route
 * (issue 21, item 1). Two users in two workspaces, each with a graph, a run, an assistants thread
 * (with a thread run), an assistant and an API key. For each route file under app/api and each method
 * it exports (found by scanning: a new route must be added to SCOPED below, as in
 * lib/server/auth-routes.test.ts), the other workspace's member, by session and by their own API key:
 * - a route reaching a resource by id answers 404 (not 403: ids do not leak) and changes nothing;
 * - a list answers without the other workspace's ids or names;
 * - a create or list naming the other workspace (`?workspace=`) answers 404.
 * And an editor of A who is a viewer in B reads B's resources through every read route, but every
 * write route answers 403 there; their API key (of A) reaches nothing of B.
 */
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import { scanRoutes } from '@/lib/testing/api-server';
import { startAuthServer, type As, type AuthServer } from '@/lib/testing/auth-server';

/** Everything one workspace holds. */
interface Held {
  workspace: string;
  graph: string;
  graphName: string;
  run: string;
  thread: string;
  threadRun: string;
  /** The thread's first message, and a step of its run (its reply). */
  message: string;
  step: string;
  /** A conversation of the graph (the editor's Chat tab); `conversation` is a /v1 one. */
  chat: string;
  assistant: string;
  response: string;
  conversation: string;
  conversationItem: string;
  key: string;
  secret: string;
  /** A document of the workspace's knowledge base `kb`. */
  kbDoc: string;
}

/** A call at another workspace's resources: the path (and body) for route pattern `key`, given what that workspace holds. */
interface Call {
  path: (h: Held) => string;
  body?: (h: Held) => unknown;
  contentType?: string;
}

type Scoped =
  /** Reaches one resource of a workspace by id: 404 for a non-member; a viewer there may only read. */
  | ({ kind: 'by-id'; read: boolean } & Call)
  /** Lists the caller's workspace: the other workspace's ids and names are never in it. */
  | ({ kind: 'list' } & Call)
  /** Creates or lists in a workspace named by `?workspace=`: 404 for a non-member. */
  | ({ kind: 'in-workspace' } & Call)
  /** Not a workspace's resource (instance-wide, or the caller's own account). */
  | { kind: 'instance'; why: string };

const JSON_RPC = (method: string, params: unknown = {}) => ({ jsonrpc: '2.0', id: 1, method, params });
const YAML = 'switchyard: 1\nname: sneaky\nnodes: {}\nedges:\n  - { from: START, to: END }\n';

const SCOPED: Record<string, Scoped> = {
  'GET /api/health': { kind: 'instance', why: 'public' },
  'GET /api/public/:token': { kind: 'instance', why: 'a public chat: the share token is the key' },
  'POST /api/public/:token': { kind: 'instance', why: 'a public chat: the share token is the key' },
  'DELETE /api/public/:token': { kind: 'instance', why: 'a public chat: the share token is the key' },
  'GET /api/schema': { kind: 'instance', why: 'public' },
  'GET /api/auth/setup': { kind: 'instance', why: 'public' },
  'POST /api/auth/setup': { kind: 'instance', why: 'public' },
  'GET /api/auth/me': { kind: 'instance', why: 'public' },
  'GET /api/auth/*all': { kind: 'instance', why: 'better-auth: the caller’s own session' },
  'POST /api/auth/*all': { kind: 'instance', why: 'better-auth: the caller’s own session' },
  'GET /api/users': { kind: 'instance', why: 'instance admins' },
  'POST /api/users': { kind: 'instance', why: 'instance admins' },
  'PATCH /api/users/:id': { kind: 'instance', why: 'instance admins' },
  'DELETE /api/users/:id': { kind: 'instance', why: 'instance admins' },
  'POST /api/users/:id/password-reset': { kind: 'instance', why: 'instance admins' },
  'POST /api/workspaces': { kind: 'instance', why: 'instance admins' },
  'PATCH /api/workspaces/:id': { kind: 'instance', why: 'instance admins' },
  'DELETE /api/workspaces/:id': { kind: 'instance', why: 'instance admins' },
  'GET /api/workspaces/:id/members': { kind: 'instance', why: 'instance admins' },
  'PUT /api/workspaces/:id/members/:user_id': { kind: 'instance', why: 'instance admins' },
  'DELETE /api/workspaces/:id/members/:user_id': { kind: 'instance', why: 'instance admins' },
  'GET /api/connections': { kind: 'instance', why: 'connections are instance-wide' },
  'POST /api/connections': { kind: 'instance', why: 'connections are instance-wide' },
  'PUT /api/connections/:name': { kind: 'instance', why: 'connections are instance-wide' },
  'DELETE /api/connections/:name': { kind: 'instance', why: 'connections are instance-wide' },
  'POST /api/connections/:name/test': { kind: 'instance', why: 'connections are instance-wide' },
  'GET /api/connections/:name/models': { kind: 'instance', why: 'connections are instance-wide' },
  'GET /api/mcp-servers': { kind: 'instance', why: 'MCP servers are instance-wide' },
  'POST /api/mcp-servers': { kind: 'instance', why: 'MCP servers are instance-wide' },
  'PUT /api/mcp-servers/:name': { kind: 'instance', why: 'MCP servers are instance-wide' },
  'DELETE /api/mcp-servers/:name': { kind: 'instance', why: 'MCP servers are instance-wide' },
  'POST /api/mcp-servers/:name/test': { kind: 'instance', why: 'MCP servers are instance-wide' },
  'GET /api/graphs/templates': { kind: 'instance', why: 'the shipped examples' },
  'GET /api/mcp': { kind: 'instance', why: 'refused by the stateless MCP transport (only POST carries calls)' },
  'DELETE /api/mcp': { kind: 'instance', why: 'refused by the stateless MCP transport (only POST carries calls)' },

  'GET /api/workspaces': { kind: 'list', path: () => '/api/workspaces' },
  'GET /api/keys': { kind: 'list', path: () => '/api/keys' },
  'POST /api/keys': { kind: 'in-workspace', path: (h) => `/api/keys?workspace=${h.workspace}`, body: () => ({ name: 'sneaky' }) },
  'PATCH /api/keys/:id': { kind: 'by-id', read: false, path: (h) => `/api/keys/${h.key}`, body: () => ({ max_cost_usd: 1 }) },
  'DELETE /api/keys/:id': { kind: 'by-id', read: false, path: (h) => `/api/keys/${h.key}` },

  'GET /api/knowledge-bases': { kind: 'in-workspace', path: (h) => `/api/knowledge-bases?workspace=${h.workspace}` },
  'POST /api/knowledge-bases': { kind: 'in-workspace', path: (h) => `/api/knowledge-bases?workspace=${h.workspace}`, body: () => ({ name: 'sneaky' }) },
  'GET /api/knowledge-bases/:name': { kind: 'by-id', read: true, path: (h) => `/api/knowledge-bases/kb?workspace=${h.workspace}` },
  'PATCH /api/knowledge-bases/:name': { kind: 'by-id', read: false, path: (h) => `/api/knowledge-bases/kb?workspace=${h.workspace}`, body: () => ({ title: 'sneaky' }) },
  'DELETE /api/knowledge-bases/:name': { kind: 'by-id', read: false, path: (h) => `/api/knowledge-bases/kb?workspace=${h.workspace}` },
  'GET /api/knowledge-bases/:name/documents': { kind: 'by-id', read: true, path: (h) => `/api/knowledge-bases/kb/documents?workspace=${h.workspace}` },
  'POST /api/knowledge-bases/:name/documents': { kind: 'by-id', read: false, path: (h) => `/api/knowledge-bases/kb/documents?workspace=${h.workspace}`, body: () => ({ name: 'sneaky.md', text: 'sneaky' }) },
  'GET /api/knowledge-bases/:name/documents/:id': { kind: 'by-id', read: true, path: (h) => `/api/knowledge-bases/kb/documents/${h.kbDoc}?workspace=${h.workspace}` },
  'DELETE /api/knowledge-bases/:name/documents/:id': { kind: 'by-id', read: false, path: (h) => `/api/knowledge-bases/kb/documents/${h.kbDoc}?workspace=${h.workspace}` },
  'POST /api/knowledge-bases/:name/query': { kind: 'by-id', read: true, path: (h) => `/api/knowledge-bases/kb/query?workspace=${h.workspace}`, body: () => ({ query: 'hello' }) },

  'GET /api/graphs': { kind: 'in-workspace', path: (h) => `/api/graphs?workspace=${h.workspace}` },
  'POST /api/graphs': { kind: 'in-workspace', path: (h) => `/api/graphs?workspace=${h.workspace}`, body: () => ({ name: 'sneaky' }) },
  'POST /api/graphs/import': { kind: 'in-workspace', path: (h) => `/api/graphs/import?workspace=${h.workspace}`, body: () => YAML, contentType: 'application/yaml' },
  'GET /api/graphs/:id': { kind: 'by-id', read: true, path: (h) => `/api/graphs/${h.graph}` },
  'PUT /api/graphs/:id': { kind: 'by-id', read: false, path: (h) => `/api/graphs/${h.graph}`, body: (h) => ({ document: tiny(h.graphName) }) },
  'DELETE /api/graphs/:id': { kind: 'by-id', read: false, path: (h) => `/api/graphs/${h.graph}` },
  'POST /api/graphs/:id/move': { kind: 'by-id', read: false, path: (h) => `/api/graphs/${h.graph}/move`, body: (h) => ({ workspace: h.workspace }) },
  'GET /api/graphs/:id/export': { kind: 'by-id', read: true, path: (h) => `/api/graphs/${h.graph}/export` },
  'GET /api/graphs/:id/demo': { kind: 'by-id', read: true, path: (h) => `/api/graphs/${h.graph}/demo` },
  'GET /api/graphs/:id/runs': { kind: 'by-id', read: true, path: (h) => `/api/graphs/${h.graph}/runs` },
  'POST /api/graphs/:id/runs': { kind: 'by-id', read: false, path: (h) => `/api/graphs/${h.graph}/runs`, body: () => ({ input: 'hi' }) },
  'GET /api/graphs/:id/conversations': { kind: 'by-id', read: true, path: (h) => `/api/graphs/${h.graph}/conversations` },
  'POST /api/graphs/:id/conversations': { kind: 'by-id', read: false, path: (h) => `/api/graphs/${h.graph}/conversations`, body: () => ({ title: 'sneaky' }) },
  'GET /api/conversations/:id': { kind: 'by-id', read: true, path: (h) => `/api/conversations/${h.chat}` },
  'PATCH /api/conversations/:id': { kind: 'by-id', read: false, path: (h) => `/api/conversations/${h.chat}`, body: () => ({ title: 'renamed' }) },
  'DELETE /api/conversations/:id': { kind: 'by-id', read: false, path: (h) => `/api/conversations/${h.chat}` },
  'POST /api/conversations/:id/turns': { kind: 'by-id', read: false, path: (h) => `/api/conversations/${h.chat}/turns`, body: () => ({ input: 'hi' }) },
  'GET /api/graphs/:id/versions': { kind: 'by-id', read: true, path: (h) => `/api/graphs/${h.graph}/versions` },
  'POST /api/graphs/:id/versions': { kind: 'by-id', read: false, path: (h) => `/api/graphs/${h.graph}/versions`, body: () => ({ note: 'mine now' }) },
  'GET /api/graphs/:id/versions/diff': { kind: 'by-id', read: true, path: (h) => `/api/graphs/${h.graph}/versions/diff?a=1&b=1` },
  'GET /api/graphs/:id/versions/:version': { kind: 'by-id', read: true, path: (h) => `/api/graphs/${h.graph}/versions/1` },
  'POST /api/graphs/:id/versions/:version/restore': { kind: 'by-id', read: false, path: (h) => `/api/graphs/${h.graph}/versions/1/restore`, body: () => ({}) },
  'GET /api/graphs/:id/tests': { kind: 'by-id', read: true, path: (h) => `/api/graphs/${h.graph}/tests` },
  'PUT /api/graphs/:id/tests': { kind: 'by-id', read: false, path: (h) => `/api/graphs/${h.graph}/tests`, body: () => ({ yaml: 'tests: []\n' }) },
  'POST /api/graphs/:id/tests/run': { kind: 'by-id', read: false, path: (h) => `/api/graphs/${h.graph}/tests/run`, body: () => ({}) },
  'GET /api/graphs/:id/publish': { kind: 'by-id', read: true, path: (h) => `/api/graphs/${h.graph}/publish` },
  'POST /api/graphs/:id/publish': { kind: 'by-id', read: false, path: (h) => `/api/graphs/${h.graph}/publish`, body: () => ({ version: 1, note: 'mine now' }) },
  'DELETE /api/graphs/:id/publish': { kind: 'by-id', read: false, path: (h) => `/api/graphs/${h.graph}/publish` },
  'GET /api/graphs/:id/share': { kind: 'by-id', read: true, path: (h) => `/api/graphs/${h.graph}/share` },
  'PUT /api/graphs/:id/share': { kind: 'by-id', read: false, path: (h) => `/api/graphs/${h.graph}/share`, body: () => ({ access: 'link' }) },

  'GET /api/runs/diff': { kind: 'by-id', read: true, path: (h) => `/api/runs/diff?a=${h.run}&b=${h.run}` },
  'GET /api/runs/:id': { kind: 'by-id', read: true, path: (h) => `/api/runs/${h.run}` },
  'GET /api/runs/:id/events': { kind: 'by-id', read: true, path: (h) => `/api/runs/${h.run}/events` },
  'GET /api/runs/:id/checkpoints': { kind: 'by-id', read: true, path: (h) => `/api/runs/${h.run}/checkpoints` },
  'GET /api/runs/:id/cassette': { kind: 'by-id', read: true, path: (h) => `/api/runs/${h.run}/cassette` },
  'POST /api/runs/:id/cancel': { kind: 'by-id', read: false, path: (h) => `/api/runs/${h.run}/cancel`, body: () => ({}) },
  'POST /api/runs/:id/resume': { kind: 'by-id', read: false, path: (h) => `/api/runs/${h.run}/resume`, body: () => ({ value: { action: 'approve' } }) },
  'POST /api/runs/:id/fork': { kind: 'by-id', read: false, path: (h) => `/api/runs/${h.run}/fork`, body: () => ({ step: 0 }) },
  'POST /api/runs/:id/replay': { kind: 'by-id', read: false, path: (h) => `/api/runs/${h.run}/replay`, body: () => ({}) },

  'POST /api/mcp': { kind: 'list', path: () => '/api/mcp', body: () => JSON_RPC('tools/list') },

  'GET /api/v1/models': { kind: 'list', path: () => '/api/v1/models' },
  // By name: looked up in the workspace the call acts in (named here; a key's own otherwise).
  'GET /api/v1/models/:model': { kind: 'by-id', read: true, path: (h) => `/api/v1/models/${h.graphName}?workspace=${h.workspace}` },
  'POST /api/v1/chat/completions': { kind: 'by-id', read: false, path: (h) => `/api/v1/chat/completions?workspace=${h.workspace}`, body: (h) => ({ model: h.graphName, messages: [{ role: 'user', content: 'hi' }] }) },
  'GET /api/v1/assistants': { kind: 'list', path: () => '/api/v1/assistants' },
  // A2A: the graph by name in the workspace the call acts in; a task of it by its run id.
  'POST /api/a2a/:graph': { kind: 'by-id', read: false, path: (h) => `/api/a2a/${h.graphName}?workspace=${h.workspace}`, body: (h) => JSON_RPC('GetTask', { id: h.run }) },
  'GET /api/a2a/:graph/agent-card.json': { kind: 'by-id', read: true, path: (h) => `/api/a2a/${h.graphName}/agent-card.json?workspace=${h.workspace}` },
  // /.well-known/agent-card.json (next.config.mjs rewrites it here): the graphs of the caller's workspace.
  'GET /api/well-known/agent-card.json': { kind: 'list', path: () => '/api/well-known/agent-card.json' },
  'POST /api/v1/assistants': { kind: 'in-workspace', path: (h) => `/api/v1/assistants?workspace=${h.workspace}`, body: (h) => ({ model: h.graphName }) },
  'GET /api/v1/assistants/:id': { kind: 'by-id', read: true, path: (h) => `/api/v1/assistants/${h.assistant}` },
  'DELETE /api/v1/assistants/:id': { kind: 'by-id', read: false, path: (h) => `/api/v1/assistants/${h.assistant}` },
  'POST /api/v1/threads': { kind: 'in-workspace', path: (h) => `/api/v1/threads?workspace=${h.workspace}`, body: () => ({}) },
  'POST /api/v1/threads/runs': { kind: 'in-workspace', path: (h) => `/api/v1/threads/runs?workspace=${h.workspace}`, body: (h) => ({ assistant_id: h.assistant }) },
  'GET /api/v1/threads/:id': { kind: 'by-id', read: true, path: (h) => `/api/v1/threads/${h.thread}` },
  'DELETE /api/v1/threads/:id': { kind: 'by-id', read: false, path: (h) => `/api/v1/threads/${h.thread}` },
  'GET /api/v1/threads/:id/messages': { kind: 'by-id', read: true, path: (h) => `/api/v1/threads/${h.thread}/messages` },
  'POST /api/v1/threads/:id/messages': { kind: 'by-id', read: false, path: (h) => `/api/v1/threads/${h.thread}/messages`, body: () => ({ role: 'user', content: 'sneaky' }) },
  'GET /api/v1/threads/:id/runs': { kind: 'by-id', read: true, path: (h) => `/api/v1/threads/${h.thread}/runs` },
  'POST /api/v1/threads/:id/runs': { kind: 'by-id', read: false, path: (h) => `/api/v1/threads/${h.thread}/runs`, body: (h) => ({ assistant_id: h.assistant }) },
  'GET /api/v1/threads/:id/runs/:run_id': { kind: 'by-id', read: true, path: (h) => `/api/v1/threads/${h.thread}/runs/${h.threadRun}` },
  'GET /api/v1/threads/:id/runs/:run_id/steps': { kind: 'by-id', read: true, path: (h) => `/api/v1/threads/${h.thread}/runs/${h.threadRun}/steps` },
  'GET /api/v1/threads/:id/runs/:run_id/steps/:step_id': { kind: 'by-id', read: true, path: (h) => `/api/v1/threads/${h.thread}/runs/${h.threadRun}/steps/${h.step}` },
  'GET /api/v1/threads/:id/messages/:message_id': { kind: 'by-id', read: true, path: (h) => `/api/v1/threads/${h.thread}/messages/${h.message}` },
  'POST /api/v1/threads/:id/runs/:run_id/cancel': { kind: 'by-id', read: false, path: (h) => `/api/v1/threads/${h.thread}/runs/${h.threadRun}/cancel`, body: () => ({}) },
  'POST /api/v1/threads/:id/runs/:run_id/submit_tool_outputs': { kind: 'by-id', read: false, path: (h) => `/api/v1/threads/${h.thread}/runs/${h.threadRun}/submit_tool_outputs`, body: () => ({ tool_outputs: [{ output: 'approve' }] }) },
  'POST /api/v1/responses': { kind: 'by-id', read: false, path: (h) => `/api/v1/responses?workspace=${h.workspace}`, body: (h) => ({ model: h.graphName, input: 'hi' }) },
  'GET /api/v1/responses/:id': { kind: 'by-id', read: true, path: (h) => `/api/v1/responses/${h.response}` },
  'DELETE /api/v1/responses/:id': { kind: 'by-id', read: false, path: (h) => `/api/v1/responses/${h.response}` },
  'GET /api/v1/responses/:id/input_items': { kind: 'by-id', read: true, path: (h) => `/api/v1/responses/${h.response}/input_items` },
  'POST /api/v1/responses/:id/cancel': { kind: 'by-id', read: false, path: (h) => `/api/v1/responses/${h.response}/cancel`, body: () => ({}) },
  'POST /api/v1/conversations': { kind: 'in-workspace', path: (h) => `/api/v1/conversations?workspace=${h.workspace}`, body: () => ({}) },
  'GET /api/v1/conversations/:id': { kind: 'by-id', read: true, path: (h) => `/api/v1/conversations/${h.conversation}` },
  'POST /api/v1/conversations/:id': { kind: 'by-id', read: false, path: (h) => `/api/v1/conversations/${h.conversation}`, body: () => ({ metadata: { sneaky: 'yes' } }) },
  'DELETE /api/v1/conversations/:id': { kind: 'by-id', read: false, path: (h) => `/api/v1/conversations/${h.conversation}` },
  'GET /api/v1/conversations/:id/items': { kind: 'by-id', read: true, path: (h) => `/api/v1/conversations/${h.conversation}/items` },
  'POST /api/v1/conversations/:id/items': { kind: 'by-id', read: false, path: (h) => `/api/v1/conversations/${h.conversation}/items`, body: () => ({ items: [{ role: 'user', content: 'sneaky' }] }) },
  'GET /api/v1/conversations/:id/items/:item_id': { kind: 'by-id', read: true, path: (h) => `/api/v1/conversations/${h.conversation}/items/${h.conversationItem}` },
  'DELETE /api/v1/conversations/:id/items/:item_id': { kind: 'by-id', read: false, path: (h) => `/api/v1/conversations/${h.conversation}/items/${h.conversationItem}` },
};

/** A graph that pauses at once (no model needed): a run of it stays `paused`. */
function tiny(name: string): GraphDocument {
  return { switchyard: 1, name, nodes: { ask: { role: 'human', prompt: 'ok?' } }, edges: [{ from: 'START', to: 'ask' }, { from: 'ask', to: 'END' }] } as GraphDocument;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

async function routeKeys(): Promise<string[]> {
  const out: string[] = [];
  for (const r of scanRoutes()) {
    const mod = (await import(/* @vite-ignore */ pathToFileURL(r.file).href)) as Record<string, unknown>;
    // A /api/v1 handler that only refuses (405, the unknown-route 404; lib/server/openai-route.ts) touches no workspace.
    for (const method of METHODS) if (typeof mod[method] === 'function' && !(mod[method] as { v1Refusal?: true }).v1Refusal) out.push(`${method} ${r.pattern}`);
  }
  return out;
}

let s: AuthServer;
let keys: string[];
const cookies: Record<'admin' | 'alice' | 'bob', string> = { admin: '', alice: '', bob: '' };
let A: Held;
let B: Held;

function ok(status: number, what: string, body: unknown): void {
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
}

/** Fills workspace `workspace` as `cookie`: a graph, its run, a thread with a run of an assistant of the graph, and a key. */
async function fill(cookie: string, workspace: string, graphName: string): Promise<Held> {
  const as = { cookie };
  const g = await s.call('POST', `/api/graphs?workspace=${workspace}`, as, { document: tiny(graphName) });
  ok(g.status, 'create graph', g.body);
  const run = await s.call('POST', `/api/graphs/${g.body.id}/runs`, as, { input: 'hi' });
  ok(run.status, 'start run', run.body);
  const thread = await s.call('POST', `/api/v1/threads?workspace=${workspace}`, as, { messages: [{ role: 'user', content: 'hello' }] });
  ok(thread.status, 'create thread', thread.body);
  const assistant = await s.call('POST', `/api/v1/assistants?workspace=${workspace}`, as, { model: graphName });
  ok(assistant.status, 'create assistant', assistant.body);
  const threadRun = await s.call('POST', `/api/v1/threads/${thread.body.id}/runs`, as, { assistant_id: assistant.body.id });
  ok(threadRun.status, 'thread run', threadRun.body);
  const key = await s.call('POST', `/api/keys?workspace=${workspace}`, as, { name: `${graphName}-key` });
  ok(key.status, 'create key', key.body);
  const response = await s.call('POST', `/api/v1/responses?workspace=${workspace}`, as, { model: graphName, input: 'hi' });
  ok(response.status, 'create response', response.body);
  const conversation = await s.call('POST', `/api/v1/conversations?workspace=${workspace}`, as, { items: [{ role: 'user', content: 'hello' }] });
  ok(conversation.status, 'create conversation', conversation.body);
  const items = await s.call('GET', `/api/v1/conversations/${conversation.body.id}/items`, as);
  ok(items.status, 'list conversation items', items.body);
  const messages = await s.call('GET', `/api/v1/threads/${thread.body.id}/messages?order=asc`, as);
  ok(messages.status, 'list messages', messages.body);
  // The run's reply is its step once the run has finished (runs.steps.list).
  let step: string | undefined;
  for (let i = 0; i < 200 && !step; i++) {
    const steps = await s.call('GET', `/api/v1/threads/${thread.body.id}/runs/${threadRun.body.id}/steps`, as);
    ok(steps.status, 'list steps', steps.body);
    step = steps.body.data[0]?.id;
    if (!step) await new Promise((r) => setTimeout(r, 25));
  }
  if (!step) throw new Error('the thread run made no step');
  ok((await s.call('POST', `/api/knowledge-bases?workspace=${workspace}`, as, { name: 'kb' })).status, 'create knowledge base', null);
  const kbDoc = await s.call('POST', `/api/knowledge-bases/kb/documents?workspace=${workspace}`, as, { name: 'hello.md', text: `hello from ${graphName}` });
  ok(kbDoc.status, 'add document', kbDoc.body);
  const chat = await s.call('POST', `/api/graphs/${g.body.id}/conversations`, as, { title: `${graphName} chat` });
  ok(chat.status, 'create chat conversation', chat.body);
  return {
    workspace,
    graph: g.body.id,
    graphName,
    run: run.body.run_id,
    thread: thread.body.id,
    threadRun: threadRun.body.id,
    assistant: assistant.body.id,
    key: key.body.key.id,
    secret: key.body.secret,
    response: response.body.id,
    conversation: conversation.body.id,
    conversationItem: items.body.data[0].id,
    message: messages.body.data[0].id,
    step,
    kbDoc: kbDoc.body.id,
    chat: chat.body.conversation.id,
  };
}

beforeAll(async () => {
  s = await startAuthServer({ SWITCHYARD_RATE_LIMIT: '0' });
  cookies.admin = await s.setupAdmin();
  cookies.alice = await s.addUser(cookies.admin, 'alice@example.com', 'editor');
  cookies.bob = await s.addUser(cookies.admin, 'bob@example.com', 'editor');
  const users = (await s.call('GET', '/api/users', { cookie: cookies.admin })).body.users as { id: string; email: string }[];
  const id = (email: string) => users.find((u) => u.email === email)!.id;
  const ws = async (name: string) => (await s.call('POST', '/api/workspaces', { cookie: cookies.admin }, { name })).body.workspace.id as string;
  const [a, b] = [await ws('Team A'), await ws('Team B')];
  const member = async (w: string, email: string, role: string) => ok((await s.call('PUT', `/api/workspaces/${w}/members/${id(email)}`, { cookie: cookies.admin }, { role })).status, 'member', null);
  await member(a, 'alice@example.com', 'editor');
  await member(b, 'bob@example.com', 'editor');
  A = await fill(cookies.alice, a, 'alpha');
  B = await fill(cookies.bob, b, 'beta');
  // Only now is alice made a viewer of B (she reads there; B's things were made by bob).
  await member(b, 'alice@example.com', 'viewer');
  keys = await routeKeys();
}, 120_000);
afterAll(async () => s?.close());

async function callAs(e: string, spec: Exclude<Scoped, { kind: 'instance' }>, h: Held, as: As) {
  const method = e.split(' ')[0]!;
  const body = spec.body?.(h);
  const headers = spec.contentType ? { 'content-type': spec.contentType } : undefined;
  return s.call(method, spec.path(h), { ...as, headers: { ...headers, ...(method === 'POST' && e === 'POST /api/mcp' ? { accept: 'application/json, text/event-stream' } : {}) } }, body);
}

/** Everything alice's workspace holds, as alice sees it: unchanged after every attempt. */
async function aliceStillHas(): Promise<unknown[]> {
  const as = { cookie: cookies.alice };
  return [
    (await s.call('GET', `/api/graphs/${A.graph}`, as)).status,
    (await s.call('GET', `/api/graphs/${A.graph}`, as)).body.version,
    (await s.call('GET', `/api/runs/${A.run}`, as)).body.run?.status,
    (await s.call('GET', `/api/v1/threads/${A.thread}/messages`, as)).body.data?.length,
    (await s.call('GET', `/api/v1/assistants/${A.assistant}`, as)).status,
    (await s.call('GET', `/api/v1/responses/${A.response}`, as)).body.status,
    (await s.call('GET', `/api/v1/conversations/${A.conversation}`, as)).body.metadata,
    ((await s.call('GET', `/api/v1/conversations/${A.conversation}/items`, as)).body.data as { id: string }[] | undefined)?.map((i) => i.id),
    (await s.call('GET', `/api/conversations/${A.chat}`, as)).body.conversation?.title,
    ((await s.call('GET', '/api/keys', as)).body.keys as { id: string }[]).map((k) => k.id),
    ((await s.call('GET', `/api/graphs?workspace=${A.workspace}`, as)).body.graphs as { id: string }[]).map((g) => g.id),
  ];
}

describe('every route keeps workspaces apart', () => {
  it('each exported method of each app/api route is in the SCOPED table (and the table names no route that is gone)', () => {
    expect(keys.length).toBeGreaterThan(40);
    expect(keys.filter((k) => !SCOPED[k])).toEqual([]);
    const found = new Set(keys);
    expect(Object.keys(SCOPED).filter((k) => !found.has(k))).toEqual([]);
  });

  it('names are unique per workspace only: bob may call a graph of B what alice called hers', async () => {
    const res = await s.call('POST', `/api/graphs?workspace=${B.workspace}`, { cookie: cookies.bob }, { document: tiny(A.graphName) });
    expect(res.status).toBe(201);
    expect((await s.call('DELETE', `/api/graphs/${res.body.id}`, { cookie: cookies.bob })).status).toBe(204);
  });

  for (const [who, as] of [
    ['bob by session', () => ({ cookie: cookies.bob })],
    ['bob by his API key (of B)', () => ({ bearer: B.secret })],
  ] as const) {
    it(`${who}: 404 for A's graph, run, thread, assistant and key by id on every route; nothing of A changes`, async () => {
      const before = await aliceStillHas();
      const wrong: string[] = [];
      for (const [key, spec] of Object.entries(SCOPED)) {
        if (spec.kind !== 'by-id') continue;
        const res = await callAs(key, spec, A, as());
        // A key never manages keys (403 whatever the id, lib/server/auth-keys.ts keyManager).
        if (res.status === 403 && 'bearer' in as() && key.startsWith('PATCH /api/keys')) continue;
        if (res.status !== 404) wrong.push(`${key}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
      expect(wrong).toEqual([]);
      expect(await aliceStillHas()).toEqual(before);
    });

    it(`${who}: lists hold nothing of A; naming A's workspace is 404`, async () => {
      const wrong: string[] = [];
      const secrets = [A.graph, A.graphName, A.run, A.thread, A.assistant, A.key, A.workspace, A.conversation, A.chat];
      for (const [key, spec] of Object.entries(SCOPED)) {
        if (spec.kind === 'list') {
          const res = await callAs(key, spec, A, as());
          const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
          if (res.status >= 300) wrong.push(`${key}: ${res.status}`);
          const leaked = secrets.filter((x) => text.includes(x));
          if (leaked.length) wrong.push(`${key} shows ${leaked.join(', ')}`);
        }
        if (spec.kind === 'in-workspace') {
          const res = await callAs(key, spec, A, as());
          if (res.status === 403 && 'bearer' in as() && key === 'POST /api/keys') continue; // a key never mints keys
          if (res.status !== 404) wrong.push(`${key}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('the lists do show the caller’s own workspace (the check above could fail)', async () => {
    const as = { cookie: cookies.bob };
    expect(JSON.stringify((await s.call('GET', `/api/graphs?workspace=${B.workspace}`, as)).body)).toContain(B.graph);
    expect(JSON.stringify((await s.call('GET', '/api/graphs', { bearer: B.secret })).body)).toContain(B.graph);
    expect(JSON.stringify((await s.call('GET', '/api/v1/models', { bearer: B.secret })).body)).toContain(B.graphName);
    expect(JSON.stringify((await s.call('GET', '/api/v1/assistants', { bearer: B.secret })).body)).toContain(B.assistant);
    expect(JSON.stringify((await s.call('GET', '/api/keys', as)).body)).toContain(B.key);
  });

  it('alice, editor of A and viewer of B: reads B through every read route, 403 on every write route of B', async () => {
    const wrong: string[] = [];
    for (const [key, spec] of Object.entries(SCOPED)) {
      if (spec.kind !== 'by-id') continue;
      if (key.includes('/api/keys/')) continue; // keys are personal: alice's own are checked above as bob's
      if (key === 'GET /api/runs/:id/events') continue; // an SSE stream of a paused run does not end
      const res = await callAs(key, spec, B, { cookie: cookies.alice });
      if (spec.read && (res.status === 404 || res.status === 403)) wrong.push(`${key}: ${res.status} (a viewer reads)`);
      if (!spec.read && res.status !== 403) wrong.push(`${key}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)} (a viewer may not write)`);
    }
    expect(wrong).toEqual([]);
    const create = await s.call('POST', `/api/graphs?workspace=${B.workspace}`, { cookie: cookies.alice }, { name: 'not-allowed' });
    expect(create.status).toBe(403);
  });

  it('alice’s API key acts in A only: B’s resources are 404 with it, and naming B is 404', async () => {
    const wrong: string[] = [];
    for (const [key, spec] of Object.entries(SCOPED)) {
      if (spec.kind !== 'by-id' || key.includes('/api/keys/')) continue;
      const res = await callAs(key, spec, B, { bearer: A.secret });
      if (res.status !== 404) wrong.push(`${key}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect((await s.call('GET', `/api/graphs?workspace=${B.workspace}`, { bearer: A.secret })).status).toBe(404);
    expect((await s.call('GET', `/api/graphs/${A.graph}`, { bearer: A.secret })).status).toBe(200);
  });
});
