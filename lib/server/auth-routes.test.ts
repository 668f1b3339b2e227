/**
 * Every route declares who may call it (issue 11): for each route file under app/api and each
 * method it exports (found by scanning, so a new route must be added to ACCESS below or this test
 * fails), with accounts on: no session or key → 401, a role below the route's → 403, the role
 * itself passes the check. Public routes answer without credentials.
 */
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@/lib/contracts/auth';
import { scanRoutes } from '@/lib/testing/api-server';
import { startAuthServer, type AuthServer } from '@/lib/testing/auth-server';

type Access = Role | 'public';

/** `METHOD /pattern` → the minimum role. GET = viewer, changes = editor, connections/users = admin. */
const ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/schema': 'public',
  'GET /api/auth/setup': 'public',
  'POST /api/auth/setup': 'public',
  'GET /api/auth/me': 'public',
  'GET /api/auth/*all': 'public',
  'POST /api/auth/*all': 'public',
  // a graph's public chat: the share token is the key (lib/server/public-share.ts)
  'GET /api/public/:token': 'public',
  'POST /api/public/:token': 'public',
  'DELETE /api/public/:token': 'public',

  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'PATCH /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'admin',
  'POST /api/users/:id/password-reset': 'admin',
  'GET /api/keys': 'viewer',
  'POST /api/keys': 'viewer',
  'DELETE /api/keys/:id': 'viewer',
  'PATCH /api/keys/:id': 'viewer',

  'GET /api/knowledge-bases': 'viewer',
  'POST /api/knowledge-bases': 'editor',
  'GET /api/knowledge-bases/:name': 'viewer',
  'PATCH /api/knowledge-bases/:name': 'editor',
  'DELETE /api/knowledge-bases/:name': 'editor',
  'GET /api/knowledge-bases/:name/documents': 'viewer',
  'POST /api/knowledge-bases/:name/documents': 'editor',
  'GET /api/knowledge-bases/:name/documents/:id': 'viewer',
  'DELETE /api/knowledge-bases/:name/documents/:id': 'editor',
  'POST /api/knowledge-bases/:name/query': 'viewer',

  'GET /api/workspaces': 'viewer',
  'POST /api/workspaces': 'admin',
  'PATCH /api/workspaces/:id': 'admin',
  'DELETE /api/workspaces/:id': 'admin',
  'GET /api/workspaces/:id/members': 'admin',
  'PUT /api/workspaces/:id/members/:user_id': 'admin',
  'DELETE /api/workspaces/:id/members/:user_id': 'admin',

  'GET /api/connections': 'viewer',
  'POST /api/connections': 'admin',
  'PUT /api/connections/:name': 'admin',
  'DELETE /api/connections/:name': 'admin',
  'POST /api/connections/:name/test': 'admin',
  // the editor's model picker lists a connection's models (names only, never the key or URL)
  'GET /api/connections/:name/models': 'editor',

  'GET /api/graphs': 'viewer',
  'POST /api/graphs': 'editor',
  'GET /api/graphs/templates': 'viewer',
  'POST /api/graphs/import': 'editor',
  'GET /api/graphs/:id': 'viewer',
  'PUT /api/graphs/:id': 'editor',
  'DELETE /api/graphs/:id': 'editor',
  'POST /api/graphs/:id/move': 'editor',
  'GET /api/graphs/:id/export': 'viewer',
  'GET /api/graphs/:id/demo': 'viewer',
  'GET /api/graphs/:id/runs': 'viewer',
  'POST /api/graphs/:id/runs': 'editor',
  'GET /api/graphs/:id/conversations': 'viewer',
  'POST /api/graphs/:id/conversations': 'editor',
  'GET /api/conversations/:id': 'viewer',
  'PATCH /api/conversations/:id': 'editor',
  'DELETE /api/conversations/:id': 'editor',
  'POST /api/conversations/:id/turns': 'editor',
  'GET /api/graphs/:id/versions': 'viewer',
  'POST /api/graphs/:id/versions': 'editor',
  'GET /api/graphs/:id/versions/diff': 'viewer',
  'GET /api/graphs/:id/versions/:version': 'viewer',
  'POST /api/graphs/:id/versions/:version/restore': 'editor',
  'GET /api/graphs/:id/tests': 'viewer',
  'PUT /api/graphs/:id/tests': 'editor',
  'POST /api/graphs/:id/tests/run': 'editor',
  'GET /api/graphs/:id/publish': 'viewer',
  'POST /api/graphs/:id/publish': 'editor',
  'DELETE /api/graphs/:id/publish': 'editor',
  'GET /api/graphs/:id/share': 'viewer',
  'PUT /api/graphs/:id/share': 'editor',

  'GET /api/mcp-servers': 'viewer',
  'POST /api/mcp-servers': 'admin',
  'PUT /api/mcp-servers/:name': 'admin',
  'DELETE /api/mcp-servers/:name': 'admin',
  'POST /api/mcp-servers/:name/test': 'admin',
  'GET /api/mcp': 'editor',
  'POST /api/mcp': 'editor',
  'DELETE /api/mcp': 'editor',

  'GET /api/runs/diff': 'viewer',
  'GET /api/runs/:id': 'viewer',
  'GET /api/runs/:id/events': 'viewer',
  'GET /api/runs/:id/checkpoints': 'viewer',
  'GET /api/runs/:id/cassette': 'viewer',
  'POST /api/runs/:id/cancel': 'editor',
  'POST /api/runs/:id/resume': 'editor',
  'POST /api/runs/:id/fork': 'editor',
  'POST /api/runs/:id/replay': 'editor',

  'GET /api/v1/models': 'viewer',
  'GET /api/v1/models/:model': 'viewer',
  'POST /api/v1/chat/completions': 'editor',
  'POST /api/a2a/:graph': 'editor',
  'GET /api/a2a/:graph/agent-card.json': 'viewer',
  'GET /api/well-known/agent-card.json': 'viewer',
  'GET /api/v1/assistants': 'viewer',
  'POST /api/v1/assistants': 'editor',
  'GET /api/v1/assistants/:id': 'viewer',
  'DELETE /api/v1/assistants/:id': 'editor',
  'POST /api/v1/threads': 'editor',
  'POST /api/v1/threads/runs': 'editor',
  'GET /api/v1/threads/:id': 'viewer',
  'DELETE /api/v1/threads/:id': 'editor',
  'GET /api/v1/threads/:id/messages': 'viewer',
  'POST /api/v1/threads/:id/messages': 'editor',
  'GET /api/v1/threads/:id/runs': 'viewer',
  'POST /api/v1/threads/:id/runs': 'editor',
  'GET /api/v1/threads/:id/runs/:run_id': 'viewer',
  'POST /api/v1/threads/:id/runs/:run_id/cancel': 'editor',
  'POST /api/v1/threads/:id/runs/:run_id/submit_tool_outputs': 'editor',
  'POST /api/v1/responses': 'editor',
  'GET /api/v1/responses/:id': 'viewer',
  'DELETE /api/v1/responses/:id': 'editor',
  'GET /api/v1/responses/:id/input_items': 'viewer',
  'POST /api/v1/responses/:id/cancel': 'editor',
  'POST /api/v1/conversations': 'editor',
  'GET /api/v1/conversations/:id': 'viewer',
  'POST /api/v1/conversations/:id': 'editor',
  'DELETE /api/v1/conversations/:id': 'editor',
  'GET /api/v1/conversations/:id/items': 'viewer',
  'POST /api/v1/conversations/:id/items': 'editor',
  'GET /api/v1/conversations/:id/items/:item_id': 'viewer',
  'DELETE /api/v1/conversations/:id/items/:item_id': 'editor',
  'GET /api/v1/threads/:id/runs/:run_id/steps': 'viewer',
  'GET /api/v1/threads/:id/runs/:run_id/steps/:step_id': 'viewer',
  'GET /api/v1/threads/:id/messages/:message_id': 'viewer',
};

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const BELOW: Record<Role, Role | null> = { viewer: null, editor: 'viewer', admin: 'editor' };

interface Endpoint {
  key: string;
  method: string;
  path: string;
  access: Access | undefined;
}

async function endpoints(): Promise<Endpoint[]> {
  const out: Endpoint[] = [];
  for (const r of scanRoutes()) {
    const mod = (await import(/* @vite-ignore */ pathToFileURL(r.file).href)) as Record<string, unknown>;
    const path = r.pattern.replace(/:[^/]+/g, 'x').replace(/\*[^/]+/g, 'x');
    for (const method of METHODS) {
      if (typeof mod[method] !== 'function') continue;
      const key = `${method} ${r.pattern}`;
      // A /api/v1 handler that only refuses (405, the unknown-route 404; lib/server/openai-route.ts) checks a viewer.
      const refusal = (mod[method] as { v1Refusal?: true }).v1Refusal;
      out.push({ key, method, path, access: refusal ? 'viewer' : ACCESS[key] });
    }
  }
  return out;
}

let s: AuthServer;
let list: Endpoint[];
const cookies: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  s = await startAuthServer({ SWITCHYARD_RATE_LIMIT: '0' });
  cookies.admin = await s.setupAdmin();
  cookies.editor = await s.addUser(cookies.admin, 'editor@example.com', 'editor');
  cookies.viewer = await s.addUser(cookies.admin, 'viewer@example.com', 'viewer');
  list = await endpoints();
});
afterAll(async () => s?.close());

describe('every route declares its access', () => {
  it('each exported method of each app/api route is in the ACCESS table (and the table names no route that is gone)', () => {
    expect(list.length).toBeGreaterThan(40);
    expect(list.filter((e) => !e.access).map((e) => e.key)).toEqual([]);
    const found = new Set(list.map((e) => e.key));
    expect(Object.keys(ACCESS).filter((k) => !found.has(k))).toEqual([]);
  });

  it('without a session or key: 401 on every non-public route', async () => {
    const wrong: string[] = [];
    for (const e of list.filter((x) => x.access !== 'public')) {
      const res = await s.call(e.method, e.path);
      if (res.status !== 401) wrong.push(`${e.key}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a role below the route’s: 403; the route’s own role passes the access check', async () => {
    const wrong: string[] = [];
    for (const e of list.filter((x) => x.access !== 'public')) {
      const need = e.access as Role;
      const below = BELOW[need];
      if (below) {
        const res = await s.call(e.method, e.path, { cookie: cookies[below] });
        if (res.status !== 403) wrong.push(`${e.key} as ${below}: ${res.status}`);
      }
      if (e.method === 'GET' && e.key.endsWith('/events')) continue; // an SSE stream: its 404 is checked elsewhere
      const ok = await s.call(e.method, e.path, { cookie: cookies[need] });
      if (ok.status === 401 || ok.status === 403) wrong.push(`${e.key} as ${need}: ${ok.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('public routes answer without credentials', async () => {
    expect((await s.call('GET', '/api/health')).status).toBe(200);
    expect((await s.call('GET', '/api/schema')).status).toBe(200);
    expect((await s.call('GET', '/api/auth/me')).status).toBe(200);
    expect((await s.call('GET', '/api/auth/get-session')).status).toBe(200);
  });
});
