'use client';
/** The header's workspace switcher: the caller's workspaces; choosing one makes it current (graphs, runs, keys and the API follow it). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMe } from '@/components/auth/user-menu';
import { fetchWorkspaces, rememberWorkspace, WORKSPACES_KEY } from './api';
import s from './workspaces.module.css';

export function WorkspaceSwitcher() {
  const qc = useQueryClient();
  const me = useMe().data;
  const list = useQuery({ queryKey: WORKSPACES_KEY, queryFn: ({ signal }) => fetchWorkspaces(signal), enabled: !!me && (me.auth === 'off' || !!me.user) });
  const mine = (list.data?.workspaces ?? []).filter((w) => w.role !== null);
  if (!list.data || mine.length === 0) return null;
  return (
    <label className={s.switcher}>
      <span className="visually-hidden">Workspace</span>
      <select
        data-testid="workspace-switcher"
        aria-label="Workspace"
        value={list.data.current}
        onChange={(e) => {
          rememberWorkspace(e.target.value);
          // Everything shown belongs to a workspace: ask again.
          void qc.invalidateQueries();
        }}
      >
        {mine.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
            {w.role === 'viewer' ? ' (read only)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
