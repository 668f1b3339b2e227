/**
 * Browser client of /api/workspaces (lib/contracts/workspaces.ts), and the remembered current
 * workspace: the `switchyard_workspace` cookie the server reads for create and list calls that name
 * none (lib/server/workspace-access.ts).
 */
import { jsonBody, request, send } from '@/lib/contracts/client';
import type { Role } from '@/lib/contracts/auth';
import type { WorkspaceMembersResponse, WorkspacesResponse, WorkspaceView } from '@/lib/contracts/workspaces';

const one = (id: string) => `/api/workspaces/${encodeURIComponent(id)}`;

export const WORKSPACES_KEY = ['workspaces'] as const;
export const WORKSPACE_COOKIE = 'switchyard_workspace';

export const fetchWorkspaces = (signal?: AbortSignal) => request<WorkspacesResponse>('/api/workspaces', { signal });
export const createWorkspace = (name: string) => request<{ workspace: WorkspaceView }>('/api/workspaces', jsonBody('POST', { name }));
export const renameWorkspace = (id: string, name: string) => request<{ workspace: WorkspaceView }>(one(id), jsonBody('PATCH', { name }));
export const deleteWorkspace = (id: string) => send(one(id), { method: 'DELETE' }).then(() => undefined);
export const fetchMembers = (id: string, signal?: AbortSignal) => request<WorkspaceMembersResponse>(`${one(id)}/members`, { signal });
export const setMember = (id: string, userId: string, role: Role) => send(`${one(id)}/members/${encodeURIComponent(userId)}`, jsonBody('PUT', { role })).then(() => undefined);
export const removeMember = (id: string, userId: string) => send(`${one(id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }).then(() => undefined);

/** Remembers `id` as this browser's current workspace (a year; only a preference: the server checks membership). */
export function rememberWorkspace(id: string): void {
  document.cookie = `${WORKSPACE_COOKIE}=${encodeURIComponent(id)}; path=/; max-age=31536000; samesite=lax`;
}
