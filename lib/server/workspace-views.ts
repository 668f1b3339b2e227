/** Workspaces as the routes answer them (lib/contracts/workspaces.ts). */
import 'server-only';
import { getStore, type WorkspaceMember, type WorkspaceRow } from '@/db/store';
import type { WorkspaceMemberView, WorkspaceView } from '@/lib/contracts/workspaces';
import { notFound } from '@/lib/errors';
import type { Caller } from './caller';
import { roleIn } from './workspace-access';

export function workspaceView(row: WorkspaceRow, caller: Caller): WorkspaceView {
  return { id: row.id, name: row.name, role: roleIn(caller, row.id), personal: row.personalOf !== null, default: caller.workspaces.defaultWorkspace === row.id };
}

/** The caller's workspaces (an instance admin: every workspace, to manage them). */
export async function visibleWorkspaces(caller: Caller): Promise<WorkspaceView[]> {
  const all = await getStore().workspaces.list();
  const admin = caller.kind !== 'key' && caller.role === 'admin';
  return all.filter((w) => admin || roleIn(caller, w.id) !== null).map((w) => workspaceView(w, caller));
}

export function memberView(m: WorkspaceMember): WorkspaceMemberView {
  return { user_id: m.userId, email: m.email, name: m.name, role: m.role };
}

export async function workspaceOrThrow(id: string): Promise<WorkspaceRow> {
  const row = await getStore().workspaces.get(id);
  if (!row) throw notFound(`workspace "${id}"`);
  return row;
}
