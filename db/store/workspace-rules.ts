/** What both stores decide alike about workspaces (db/workspaces.ts, db/store/pg/workspaces.ts). */
import { AppError } from '@/lib/errors';
import type { WorkspaceRow } from '../schema/auth';

export const personalName = (email: string) => `Personal: ${email}`;


/** Why a workspace may not be deleted (conflict), or null: it must hold no graphs, threads or keys and be no one's personal workspace. */
export function workspaceInUse(row: WorkspaceRow, holds: { graphs: boolean; threads: boolean; keys: boolean }): AppError | null {
  if (row.personalOf) return new AppError('conflict', `workspace "${row.name}" is a user's personal workspace: delete the user instead`);
  const what = (['graphs', 'threads', 'keys'] as const).filter((k) => holds[k]);
  if (what.length) return new AppError('conflict', `workspace "${row.name}" still holds ${what.join(', ')}: move or delete them first`, { holds: what });
  return null;
}
