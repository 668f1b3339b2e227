'use client';
/** Settings › Workspaces (instance admins): create, rename, delete an empty workspace; its members and their roles. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchUsers } from '@/components/auth/auth-api';
import { Button } from '@/components/ui/button';
import { IconTrash } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { InlineForm } from '@/components/settings/inline-form';
import { SettingsTable } from '@/components/settings/settings-table';
import st from '@/components/settings/settings.module.css';
import { ROLES, type Role } from '@/lib/contracts/auth';
import type { WorkspaceView } from '@/lib/contracts/workspaces';
import { createWorkspace, deleteWorkspace, fetchMembers, fetchWorkspaces, removeMember, renameWorkspace, setMember, WORKSPACES_KEY } from './api';
import s from './workspaces.module.css';

function RoleSelect({ value, onChange, label, testId }: { value: Role; onChange(r: Role): void; label: string; testId: string }) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value as Role)} data-testid={testId}>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {r}
        </option>
      ))}
    </select>
  );
}

function Members({ workspace }: { workspace: WorkspaceView }) {
  const qc = useQueryClient();
  const toast = useToast();
  const key = ['workspace-members', workspace.id];
  const members = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchMembers(workspace.id, signal) });
  const users = useQuery({ queryKey: ['users'], queryFn: ({ signal }) => fetchUsers(signal) });
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: key }), qc.invalidateQueries({ queryKey: WORKSPACES_KEY })]);
  const onError = (err: Error) => toast({ message: err.message, tone: 'error' });
  const change = useMutation({ mutationFn: (v: { userId: string; role: Role }) => setMember(workspace.id, v.userId, v.role), onSuccess: refresh, onError });
  const remove = useMutation({ mutationFn: (uid: string) => removeMember(workspace.id, uid), onSuccess: refresh, onError });
  const add = useMutation({ mutationFn: () => setMember(workspace.id, userId, role), onSuccess: () => (setUserId(''), refresh()) });
  const listed = new Set((members.data?.members ?? []).map((m) => m.user_id));
  const others = (users.data?.users ?? []).filter((u) => !listed.has(u.id));
  return (
    <div className={s.members} data-testid="workspace-members" data-workspace={workspace.name}>
      {(members.data?.members ?? []).map((m) => (
        <div key={m.user_id} className={s.member} data-testid="workspace-member" data-email={m.email}>
          <span>{m.email}</span>
          <RoleSelect value={m.role} onChange={(r) => change.mutate({ userId: m.user_id, role: r })} label={`Role of ${m.email} in ${workspace.name}`} testId="member-role" />
          <Button size="sm" variant="ghost-danger" onClick={() => remove.mutate(m.user_id)} data-testid="remove-member">
            Remove
          </Button>
        </div>
      ))}
      <InlineForm onSubmit={() => add.mutate()} busy={add.isPending} error={add.error} submitLabel="Add member" submitTestId="add-member" submitDisabled={!userId}>
        <select aria-label={`Add a member to ${workspace.name}`} value={userId} onChange={(e) => setUserId(e.target.value)} data-testid="new-member">
          <option value="">Choose a user…</option>
          {others.map((u) => (
            <option key={u.id} value={u.id}>
              {u.email}
            </option>
          ))}
        </select>
        <RoleSelect value={role} onChange={setRole} label="Role" testId="new-member-role" />
      </InlineForm>
    </div>
  );
}

function WorkspaceRow({ workspace }: { workspace: WorkspaceView }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: WORKSPACES_KEY });
  const onError = (err: Error) => toast({ message: err.message, tone: 'error' });
  const rename = useMutation({ mutationFn: (name: string) => renameWorkspace(workspace.id, name), onSuccess: refresh, onError });
  const del = useMutation({ mutationFn: () => deleteWorkspace(workspace.id), onSuccess: refresh, onError });
  return (
    <>
      <tr data-testid="workspace-row" data-name={workspace.name}>
        <td>
          {workspace.name} {workspace.personal ? <span className={s.muted}>personal</span> : null}
        </td>
        <td>{workspace.role ?? <span className={s.muted}>not a member</span>}</td>
        <td className={st.colActions}>
          <div className={s.actions}>
          <Button size="sm" variant="ghost" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="workspace-members-toggle">
            Members
          </Button>
          <Button
            size="sm"
            variant="ghost"
            data-testid="rename-workspace"
            onClick={() => {
              const name = window.prompt(`Rename “${workspace.name}” to:`, workspace.name)?.trim();
              if (name && name !== workspace.name) rename.mutate(name);
            }}
          >
            Rename
          </Button>
          <Button
            size="sm"
            variant="ghost-danger"
            busy={del.isPending}
            data-testid="delete-workspace"
            onClick={() => {
              if (window.confirm(`Delete the workspace “${workspace.name}”? Only an empty workspace can be deleted.`)) del.mutate();
            }}
          >
            <IconTrash /> Delete
          </Button>
          </div>
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={3}>
            <Members workspace={workspace} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

export function WorkspacesSection() {
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery({ queryKey: WORKSPACES_KEY, queryFn: ({ signal }) => fetchWorkspaces(signal) });
  const [name, setName] = useState('');
  const add = useMutation({
    mutationFn: () => createWorkspace(name.trim()),
    onSuccess: ({ workspace }) => {
      setName('');
      void qc.invalidateQueries({ queryKey: WORKSPACES_KEY });
      toast({ message: `Added the workspace “${workspace.name}”.` });
    },
  });
  return (
    <section data-testid="workspaces-section">
      <h2 className={st.sectionTitle}>Workspaces</h2>
      <p className={st.subtitle}>
        Graphs, runs, conversations and API keys belong to a workspace; members see only their workspaces. A member&apos;s role there is capped by
        their role above.
      </p>
      {list.isError ? (
        <div className={st.formError} role="alert">
          Could not load the workspaces: {(list.error as Error).message}
        </div>
      ) : null}
      {list.data ? (
        <SettingsTable
          testId="workspace-list"
          columns={
            <>
              <th>Workspace</th>
              <th>Your role</th>
            </>
          }
        >
          {list.data.workspaces.map((w) => (
            <WorkspaceRow key={w.id} workspace={w} />
          ))}
        </SettingsTable>
      ) : null}
      <InlineForm onSubmit={() => add.mutate()} busy={add.isPending} error={add.error} submitLabel="Add workspace" submitTestId="add-workspace" testId="add-workspace-form">
        <input required placeholder="Workspace name" aria-label="Workspace name" value={name} onChange={(e) => setName(e.target.value)} data-testid="new-workspace-name" />
      </InlineForm>
    </section>
  );
}
