'use client';
/**
 * Settings › API keys: the signed-in user's personal keys (for /api/v1, /api/mcp and the REST API as
 * `Authorization: Bearer <key>`, with the user's role). A new key is shown once; revoking stops it.
 * A key may have a budget: USD its runs may cost per calendar month (UTC); this month's spend is shown.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createKey, fetchKeys, revokeKey, setKeyBudget } from '@/components/auth/auth-api';
import { copyText } from '@/components/debug/copy-json-button';
import { formatCost } from '@/components/debug/cost';
import { fetchWorkspaces, WORKSPACES_KEY } from '@/components/workspaces/api';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import type { ApiKeyView } from '@/lib/contracts/auth';
import { InlineForm } from './inline-form';
import { SettingsTable } from './settings-table';
import s from './settings.module.css';

const KEYS_KEY = ['api-keys'] as const;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

/** A typed budget: null when empty (no budget), NaN when not a number of dollars ≥ 0. */
const budgetOf = (text: string): number | null => (text.trim() ? (Number(text) >= 0 ? Number(text) : Number.NaN) : null);

function BudgetCell({ k }: { k: ApiKeyView }) {
  const qc = useQueryClient();
  const toast = useToast();
  const saved = k.max_cost_usd == null ? '' : String(k.max_cost_usd);
  const [text, setText] = useState(saved);
  const save = useMutation({
    mutationFn: (usd: number | null) => setKeyBudget(k.id, usd),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEYS_KEY }),
    onError: (err: Error) => toast({ message: err.message, tone: 'error' }),
  });
  const value = budgetOf(text);
  const invalid = Number.isNaN(value);
  return (
    <td data-testid="key-budget">
      <span title="Spent this month (UTC)">{k.spent_usd ? formatCost(k.spent_usd) : '$0'}</span> of{' '}
      <input
        className={s.budgetInput}
        inputMode="decimal"
        value={text}
        placeholder="no budget"
        aria-label={`Monthly budget of ${k.name} in USD`}
        aria-invalid={invalid || undefined}
        onChange={(e) => setText(e.target.value)}
        data-testid="key-budget-input"
      />
      {text !== saved && (
        <Button size="sm" variant="ghost" disabled={invalid} busy={save.isPending} onClick={() => save.mutate(value)} data-testid="key-budget-save">
          Save
        </Button>
      )}
    </td>
  );
}

/** The new key's secret, shown once, with a Copy button. */
function NewKey({ secret, onDone }: { secret: string; onDone(): void }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <div className={s.note} data-testid="new-key">
      Copy this key now, it will not be shown again: <code data-testid="new-key-secret">{secret}</code>{' '}
      <Button
        size="sm"
        variant="secondary"
        onClick={() => copyText(secret).then(() => setCopied('copied'), () => setCopied('failed'))}
        data-testid="new-key-copy"
      >
        {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed: select it' : 'Copy'}
      </Button>{' '}
      <Button size="sm" variant="ghost" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function KeyRow({ k, workspace }: { k: ApiKeyView; workspace: string }) {
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
      <td data-testid="key-workspace">{workspace}</td>
      <td>{when(k.created_at)}</td>
      <td>{when(k.last_used_at)}</td>
      <BudgetCell k={k} />
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
  const workspaces = useQuery({ queryKey: WORKSPACES_KEY, queryFn: ({ signal }) => fetchWorkspaces(signal) });
  const workspaceName = (id: string) => workspaces.data?.workspaces.find((w) => w.id === id)?.name ?? id;
  const [name, setName] = useState('');
  const [budget, setBudget] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createKey(name.trim(), budgetOf(budget)),
    onSuccess: (res) => {
      setSecret(res.secret);
      setName('');
      setBudget('');
      void qc.invalidateQueries({ queryKey: KEYS_KEY });
    },
  });
  return (
    <section data-testid="keys-section">
      <h2 className={s.sectionTitle}>API keys</h2>
      <p className={s.subtitle}>
        Personal keys for <code>/api/v1</code>, <code>/api/mcp</code> and the REST API: send <code>Authorization: Bearer &lt;key&gt;</code>. A key acts with
        your role in one workspace, the current one when it is made (the header&apos;s switcher); only its hash is stored, so it is shown once.
      </p>
      {secret ? <NewKey secret={secret} onDone={() => setSecret(null)} /> : null}
      {keys.data?.keys.length ? (
        <SettingsTable
          testId="key-list"
          columns={
            <>
              <th>Name</th>
              <th>Key</th>
              <th title="The workspace the key acts in">Workspace</th>
              <th>Created</th>
              <th>Last used</th>
              <th title="USD the key's runs may cost per calendar month (UTC); a run over it is refused with budget_exceeded">Spent / budget a month</th>
            </>
          }
        >
          {keys.data.keys.map((k) => (
            <KeyRow key={k.id} k={k} workspace={workspaceName(k.workspace_id)} />
          ))}
        </SettingsTable>
      ) : null}
      <InlineForm
        onSubmit={() => create.mutate()}
        busy={create.isPending}
        error={create.error}
        submitLabel="Create key"
        submitTestId="create-key"
        submitDisabled={Number.isNaN(budgetOf(budget))}
      >
        <input required maxLength={100} placeholder="Key name, e.g. laptop" aria-label="Key name" value={name} onChange={(e) => setName(e.target.value)} data-testid="new-key-name" />
        <input
          className={s.newBudgetInput}
          inputMode="decimal"
          placeholder="Budget $/month (optional)"
          aria-label="Monthly budget in USD (optional)"
          aria-invalid={Number.isNaN(budgetOf(budget)) || undefined}
          value={budget}
          onChange={(e) => setBudget(e.target.value)}
          data-testid="new-key-budget"
        />
      </InlineForm>
    </section>
  );
}
