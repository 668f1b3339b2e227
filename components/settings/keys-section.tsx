'use client';
/**
 * Settings › API keys: the signed-in user's personal keys (for /api/v1, /api/mcp and the REST API as
 * `Authorization: Bearer <key>`, with the user's role). A new key is shown once; revoking stops it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createKey, fetchKeys, revokeKey } from '@/components/auth/auth-api';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import type { ApiKeyView } from '@/lib/contracts/auth';
import a from '@/components/auth/auth.module.css';
import s from './settings.module.css';

const KEYS_KEY = ['api-keys'] as const;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

function KeyRow({ k }: { k: ApiKeyView }) {
  const qc = useQueryClient();
  const toast = useToast();
  const revoke = useMutation({
    mutationFn: () => revokeKey(k.id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: KEYS_KEY });
      toast({ message: `Revoked “${k.name}”.` });
    },
    onError: (err: Error) => toast({ message: err.message, tone: 'error' }),
  });
  return (
    <tr data-testid="key-row" data-name={k.name}>
      <td>{k.name}</td>
      <td>
        <code>{k.prefix}…</code>
      </td>
      <td>{when(k.created_at)}</td>
      <td>{when(k.last_used_at)}</td>
      <td className={s.colActions}>
        <Button size="sm" variant="ghost-danger" busy={revoke.isPending} onClick={() => revoke.mutate()} data-testid="revoke-key">
          Revoke
        </Button>
      </td>
    </tr>
  );
}

export function KeysSection() {
  const qc = useQueryClient();
  const keys = useQuery({ queryKey: KEYS_KEY, queryFn: ({ signal }) => fetchKeys(signal) });
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createKey(name.trim()),
    onSuccess: (res) => {
      setSecret(res.secret);
      setName('');
      void qc.invalidateQueries({ queryKey: KEYS_KEY });
    },
  });
  return (
    <section data-testid="keys-section">
      <h2 className={s.sectionTitle}>API keys</h2>
      <p className={s.subtitle}>
        Personal keys for <code>/api/v1</code>, <code>/api/mcp</code> and the REST API: send <code>Authorization: Bearer &lt;key&gt;</code>. A key acts with
        your role; only its hash is stored, so it is shown once.
      </p>
      {secret ? (
        <div className={s.note} data-testid="new-key">
          Copy this key now, it will not be shown again: <code data-testid="new-key-secret">{secret}</code>{' '}
          <Button size="sm" variant="ghost" onClick={() => setSecret(null)}>
            Done
          </Button>
        </div>
      ) : null}
      {keys.data?.keys.length ? (
        <div className={s.tableWrap}>
          <table className={s.table} data-testid="key-list">
            <thead>
              <tr>
                <th>Name</th>
                <th>Key</th>
                <th>Created</th>
                <th>Last used</th>
                <th className={s.colActions}>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.keys.map((k) => (
                <KeyRow key={k.id} k={k} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <form
        className={a.inlineForm}
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <input required maxLength={100} placeholder="Key name, e.g. laptop" aria-label="Key name" value={name} onChange={(e) => setName(e.target.value)} data-testid="new-key-name" />
        <Button type="submit" variant="primary" busy={create.isPending} data-testid="create-key">
          Create key
        </Button>
        {create.isError ? (
          <span className={s.formError} role="alert">
            {(create.error as Error).message}
          </span>
        ) : null}
      </form>
    </section>
  );
}
