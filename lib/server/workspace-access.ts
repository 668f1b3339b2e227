/**
 * Workspace checks of the route handlers (issue 21, item 1). After the route wrapper's check of the
 * caller's role (lib/server/http.ts route(), lib/server/caller.ts), a handler that reaches a
 * resource by id asks for it here with the role it needs: the resource's workspace must be one of
 * the caller's (else `not_found`, 404, the same answer as for an id that does not exist, so ids do
 * not leak), and the caller's role in that workspace must reach the route's (else `forbidden`, 403:
 * an editor of workspace A is a viewer in B and only reads there).
 *
 * Create and list calls act in one workspace: the `workspace` query parameter, else (a signed-in
 * browser) the remembered current workspace (the `switchyard_workspace` cookie, set by the header's
 * switcher; a stale one is ignored), else the caller's default workspace. An API key always acts in
 * its own workspace; naming another is a 404.
 */
import 'server-only';
import { getStore, type AssistantRow, type GraphRow, type RunRow, type ThreadRow, type WorkspaceScope } from '@/db/store';
import { roleAtLeast, type Role } from '@/lib/contracts/auth';
import { AppError, notFound } from '@/lib/errors';
import type { Caller } from './caller';

export const WORKSPACE_COOKIE = 'switchyard_workspace';

/** The caller's role in the workspace, or null when they are not a member. */
export function roleIn(caller: Caller, workspaceId: string): Role | null {
  if (!caller.role) return null;
  const roles = caller.workspaces.roles;
  return roles === 'all' ? caller.role : (roles.get(workspaceId) ?? null);
}

/** The workspaces the caller may read (every workspace for the local caller and the service key). */
export async function scopeOf(caller: Caller): Promise<WorkspaceScope> {
  const roles = caller.workspaces.roles;
  if (roles === 'all') return (await getStore().workspaces.list()).map((w) => w.id);
  return [...roles.keys()];
}

/** 404 (named as `what`) when the caller is not a member of the workspace, 403 when their role there is below `access`. */
export function checkIn(caller: Caller, workspaceId: string, access: Role, what: string): void {
  const role = roleIn(caller, workspaceId);
  if (!role) throw notFound(what);
  if (!roleAtLeast(role, access)) throw new AppError('forbidden', `this needs the ${access} role in this workspace; you are ${role} there`);
}

function cookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The workspace a create or list call acts in (see above), checked for `access`. */
export function workspaceFor(req: Request, caller: Caller, access: Role): string {
  const asked = new URL(req.url).searchParams.get('workspace')?.trim();
  let id: string;
  if (asked) id = asked;
  else if (caller.kind === 'key') id = caller.workspaces.defaultWorkspace;
  else {
    const remembered = cookie(req, WORKSPACE_COOKIE);
    id = remembered && roleIn(caller, remembered) ? remembered : caller.workspaces.defaultWorkspace;
  }
  if (caller.kind === 'key' && id !== caller.workspaces.defaultWorkspace) throw notFound(`workspace "${id}"`);
  if (!id) throw notFound('workspace (you are a member of none: ask an admin to add you to one)');
  checkIn(caller, id, access, `workspace "${id}"`);
  return id;
}

/** The graph, if the caller may act on it with `access` (404 / 403 as above). */
export async function graphFor(caller: Caller, id: string, access: Role): Promise<GraphRow> {
  const graph = await getStore().graphs.get(id);
  if (!graph) throw notFound('graph');
  checkIn(caller, graph.workspaceId, access, 'graph');
  return graph;
}

/** The run and its graph's workspace, if the caller may act on it with `access` (a run is in its graph's workspace). */
export async function runFor(caller: Caller, id: string, access: Role): Promise<RunRow> {
  const store = getStore();
  const run = await store.runs.get(id);
  const graph = run ? await store.graphs.get(run.graphId) : null;
  if (!run || !graph) throw notFound(`Run ${id}`);
  checkIn(caller, graph.workspaceId, access, `Run ${id}`);
  return run;
}

/** The thread, if the caller may act on it with `access`. */
export async function threadFor(caller: Caller, id: string, access: Role, what = `thread ${id}`): Promise<ThreadRow> {
  const thread = await getStore().threads.get(id);
  if (!thread) throw notFound(what);
  checkIn(caller, thread.workspaceId, access, what);
  return thread;
}

/** The assistant (it is in its graph's workspace), if the caller may act on it with `access`. */
export async function assistantFor(caller: Caller, id: string, access: Role): Promise<AssistantRow> {
  const what = `assistant ${id}`;
  const store = getStore();
  const assistant = await store.assistants.get(id);
  const graph = assistant ? await store.graphs.get(assistant.graphId) : null;
  if (!assistant || !graph) throw notFound(what);
  checkIn(caller, graph.workspaceId, access, what);
  return assistant;
}
