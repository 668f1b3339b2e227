'use client';
/**
 * Settings › Users (admins): every user and their role, add a user with a role, change a role, reset a
 * password (the old one stops working; a one-time link is mailed, or shown here to hand over), delete.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { createUser, deleteUser, fetchUsers, resetUserPassword, setUserRole } from '@/components/auth/auth-api';
import { Button } from '@/components/ui/button';
import { IconTrash } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { ROLES, type Role, type UserView } from '@/lib/contracts/auth';
import { InlineForm } from './inline-form';
import { SettingsTable } from './settings-table';
import s from './settings.module.css';

const USERS_KEY = ['users'] as const;

const ROLE_HELP: Record<Role, string> = {
  viewer: 'reads graphs and runs',
  editor: 'also edits graphs and starts runs',
  admin: 'also manages users, connections and settings',
};

function RoleSelect({ value, onChange, testId, label }: { value: Role; onChange(r: Role): void; testId: string; label: string }) {
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

function AddUserForm() {
  const id = useId();
  const qc = useQueryClient();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const add = useMutation({
    mutationFn: () => createUser({ email: email.trim(), password, role }),
    onSuccess: ({ user }) => {
      setEmail('');
      setPassword('');
      void qc.invalidateQueries({ queryKey: USERS_KEY });
      toast({ message: `Added ${user.email} (${user.role}).` });
    },
  });
  return (
    <InlineForm
      onSubmit={() => add.mutate()}
      busy={add.isPending}
      error={add.error}
      submitLabel="Add user"
      submitTestId="add-user"
      testId="add-user-form"
      errorTestId="add-user-error"
    >
      <input id={`${id}-email`} type="email" required placeholder="email@example.com" aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="new-user-email" />
      <input id={`${id}-password`} type="password" required minLength={8} placeholder="Password (8+ characters)" aria-label="Password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="new-user-password" />
      <RoleSelect value={role} onChange={setRole} testId="new-user-role" label="Role" />
    </InlineForm>
  );
}

function UserRow({ user }: { user: UserView }) {
  const qc = useQueryClient();
  const toast = useToast();
  const refresh = () => qc.invalidateQueries({ queryKey: USERS_KEY });
  const onError = (err: Error) => toast({ message: err.message, tone: 'error' });
  const role = useMutation({ mutationFn: (r: Role) => setUserRole(user.id, r), onSuccess: refresh, onError });
  const del = useMutation({ mutationFn: () => deleteUser(user.id), onSuccess: refresh, onError });
  const [link, setLink] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: () => resetUserPassword(user.id),
    onSuccess: (r) => {
      if (r.emailed) toast({ message: `Password of ${user.email} reset: a one-time link was mailed to them.` });
      else setLink(r.reset_url ?? null);
    },
    onError,
  });
  return (
    <tr data-testid="user-row" data-email={user.email}>
      <td>{user.email}</td>
      <td>
        <RoleSelect value={user.role} onChange={(r) => role.mutate(r)} testId="user-role-select" label={`Role of ${user.email}`} />
      </td>
      <td className={s.colActions}>
        <Button
          size="sm"
          variant="ghost"
          busy={reset.isPending}
          data-testid="reset-user-password"
          onClick={() => {
            if (window.confirm(`Reset the password of ${user.email}? Their password and sessions stop working now; they choose a new one with a one-time link.`)) reset.mutate();
          }}
        >
          Reset password
        </Button>
        <Button
          size="sm"
          variant="ghost-danger"
          busy={del.isPending}
          data-testid="delete-user"
          onClick={() => {
            if (window.confirm(`Delete ${user.email}? Their sessions and API keys stop working.`)) del.mutate();
          }}
        >
          <IconTrash /> Delete
        </Button>
        {link ? (
          <div role="status" data-testid="reset-link-panel">
            One-time link for {user.email} (valid one hour, shown once): send it to them.
            <input readOnly aria-label={`Reset link for ${user.email}`} value={link} onFocus={(e) => e.currentTarget.select()} data-testid="reset-link" />
          </div>
        ) : null}
      </td>
    </tr>
  );
}

export function UsersSection() {
  const users = useQuery({ queryKey: USERS_KEY, queryFn: ({ signal }) => fetchUsers(signal) });
  return (
    <section data-testid="users-section">
      <h2 className={s.sectionTitle}>Users</h2>
      <p className={s.subtitle}>
        Roles: {ROLES.map((r) => `${r} ${ROLE_HELP[r]}`).join('; ')}.
      </p>
      {users.isError ? (
        <div className={s.formError} role="alert">
          Could not load the users: {(users.error as Error).message}
        </div>
      ) : null}
      {users.data ? (
        <SettingsTable
          testId="user-list"
          columns={
            <>
              <th>Email</th>
              <th>Role</th>
            </>
          }
        >
          {users.data.users.map((u) => (
            <UserRow key={u.id} user={u} />
          ))}
        </SettingsTable>
      ) : null}
      <AddUserForm />
    </section>
  );
}
