/**
 * The workspaces a caller may act in (issue 21, item 1), loaded with the caller (lib/server/caller.ts)
 * and checked per resource by lib/server/workspace-access.ts. A user's role in a workspace is the
 * lower of their membership role there and their instance role (users.role): the instance role is a
 * ceiling, so a viewer stays a viewer everywhere, and an editor made a viewer in workspace B only
 * reads there. An API key acts only in its own workspace, with its user's role there. The service
 * key (SWITCHYARD_API_KEY) acts in every workspace as an editor; with accounts off the local caller
 * is an admin of every workspace.
 */
import 'server-only';
import { getStore, DEFAULT_WORKSPACE_ID } from '@/db/store';
import { ROLES, type Role } from '@/lib/contracts/auth';

export interface CallerWorkspaces {
  /** The caller's role per workspace id, or `all`: every workspace, with the caller's own role. */
  readonly roles: ReadonlyMap<string, Role> | 'all';
  /** Where create and list calls go when they name no workspace ('' when the caller has none). */
  readonly defaultWorkspace: string;
}

export const NO_WORKSPACES: CallerWorkspaces = { roles: new Map(), defaultWorkspace: '' };
export const ALL_WORKSPACES: CallerWorkspaces = { roles: 'all', defaultWorkspace: DEFAULT_WORKSPACE_ID };

/** The lower of two roles. */
export function lowerRole(a: Role, b: Role): Role {
  return ROLES.indexOf(a) <= ROLES.indexOf(b) ? a : b;
}

const asRole = (value: string): Role => ((ROLES as readonly string[]).includes(value) ? (value as Role) : 'viewer');

/** A signed-in user's workspaces, each role capped by the instance role. */
export async function userWorkspaces(userId: string, instanceRole: Role): Promise<CallerWorkspaces> {
  const memberships = await getStore().workspaces.membershipsOf(userId);
  const roles = new Map(memberships.map((m) => [m.workspace.id, lowerRole(asRole(m.role), instanceRole)] as const));
  const chosen = memberships.find((m) => m.isDefault) ?? memberships[0];
  return { roles, defaultWorkspace: chosen?.workspace.id ?? '' };
}

/** An API key's one workspace (nothing when its user is no longer a member there). */
export async function keyWorkspaces(userId: string, instanceRole: Role, workspaceId: string): Promise<CallerWorkspaces> {
  const mine = await userWorkspaces(userId, instanceRole);
  const role = mine.roles === 'all' ? instanceRole : mine.roles.get(workspaceId);
  return { roles: new Map(role ? [[workspaceId, role]] : []), defaultWorkspace: workspaceId };
}
