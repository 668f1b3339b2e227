/**
 * Workspaces in the async store (issue 21, item 1; db/store/ports.ts): who is a member of which
 * workspace with which role, managed by instance admins. Graphs (with their versions, runs, tests
 * and memory), threads and API keys each belong to one workspace (db/schema/auth.ts); every
 * repository read the routes make for them names the workspaces it may see (WorkspaceScope), and
 * db/store/conformance/workspaces.spec.ts holds each repository method to a declared scoping.
 * Failures as everywhere: unknown ids are `undefined`/`false`, deleting
 * a workspace that still holds graphs, threads or keys (or is someone's personal one) is `conflict`,
 * naming an unknown workspace or user in a write is `not_found`.
 */
import type { Role } from '@/lib/contracts/auth';
import type { WorkspaceRow } from '../schema/auth';

export type { WorkspaceRow };
export { DEFAULT_WORKSPACE_ID } from '../schema/auth';

/** The workspaces a read may see (the caller's: lib/server/workspace-access.ts). Empty: it sees nothing. */
export type WorkspaceScope = readonly string[];

/** The id of a user's personal workspace (made with the user; the migration made them for existing users). */
export const personalWorkspaceId = (userId: string): string => `personal-${userId}`;

export interface WorkspaceMember {
  userId: string;
  email: string;
  name: string;
  role: Role;
  isDefault: boolean;
}

export interface Membership {
  workspace: WorkspaceRow;
  role: Role;
  /** The workspace the user's create and list calls go to when they name none. */
  isDefault: boolean;
}

export interface WorkspaceRepository {
  /** By name. */
  list(): Promise<WorkspaceRow[]>;
  get(id: string): Promise<WorkspaceRow | undefined>;
  /** A shared workspace (names need not be unique). */
  create(name: string): Promise<WorkspaceRow>;
  /** undefined for an unknown workspace. */
  rename(id: string, name: string): Promise<WorkspaceRow | undefined>;
  /** false for an unknown workspace; conflict when it still holds graphs, threads or keys, or is a user's personal workspace. */
  delete(id: string): Promise<boolean>;
  /** By email; undefined for an unknown workspace. */
  members(id: string): Promise<WorkspaceMember[] | undefined>;
  /** Adds the user, or changes their role. not_found: no such workspace or user. */
  setMember(id: string, userId: string, role: Role): Promise<void>;
  /** false when the user was not a member. */
  removeMember(id: string, userId: string): Promise<boolean>;
  /** The user's workspaces with their role in each, by name. */
  membershipsOf(userId: string): Promise<Membership[]>;
}
