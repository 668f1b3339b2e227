/**
 * Workspaces on the wire (issue 21, item 1): the caller's workspaces (the header's switcher), the
 * Settings → Workspaces page (instance admins: create, rename, delete empty, members and roles), and
 * moving a graph between workspaces. Create and list calls name a workspace with `?workspace=<id>`
 * (default: the browser's current workspace, else the caller's default; an API key: its own).
 */
import { z } from 'zod';
import { Role } from './auth';

const WorkspaceName = z.string().trim().min(1, 'a name is required').max(100);
const WorkspaceId = z.string().trim().min(1).max(200);

export const CreateWorkspaceBody = z.object({ name: WorkspaceName });
export type CreateWorkspaceBody = z.infer<typeof CreateWorkspaceBody>;

export const RenameWorkspaceBody = z.object({ name: WorkspaceName });
export type RenameWorkspaceBody = z.infer<typeof RenameWorkspaceBody>;

export const SetMemberBody = z.object({ role: Role });
export type SetMemberBody = z.infer<typeof SetMemberBody>;

/** POST /api/graphs/:id/move: the workspace to move the graph (with its runs) to. */
export const MoveGraphBody = z.object({ workspace: WorkspaceId });
export type MoveGraphBody = z.infer<typeof MoveGraphBody>;

export interface WorkspaceView {
  id: string;
  name: string;
  /** The caller's role there; null: an instance admin who is not a member (they manage it, they do not see its graphs). */
  role: Role | null;
  /** A user's personal workspace. */
  personal: boolean;
  /** The caller's default workspace (where create and list calls go when nothing else is chosen). */
  default: boolean;
}

export interface WorkspacesResponse {
  workspaces: WorkspaceView[];
  /** The workspace this request acted in (the current one). */
  current: string;
}

export interface WorkspaceMemberView {
  user_id: string;
  email: string;
  name: string;
  role: Role;
}

export interface WorkspaceMembersResponse {
  members: WorkspaceMemberView[];
}
