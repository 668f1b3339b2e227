'use client';
/**
 * The connection and model of a graph's model entry, picked from lists: the connection from the
 * configured ones (or "Add connection…", which opens the Settings dialog in place), the model from
 * what the connection's server lists (GET /api/connections/:name/models, cached, with a refresh),
 * and any other model name still typed by hand. Loaded with the graph panel's models section, not
 * with the editor; the connection dialog (and the zod it needs) only when it is opened.
 */
import { useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { refreshConnectionModels, useConnectionModels, useConnections } from '@/components/settings/use-connections';
import { Combobox } from '@/components/ui/combobox';

const ConnectionFormDialog = dynamic(() => import('@/components/settings/connection-form-dialog').then((m) => m.ConnectionFormDialog), { ssr: false });

const ADD = '\u0000add';

export function ConnectionSelect({ value, onChange, label, testId, fieldPath }: { value: string; onChange(v: string): void; label: string; testId?: string; fieldPath?: string }) {
  const q = useConnections();
  const [adding, setAdding] = useState(false);
  const names = q.data?.connections.map((c) => c.name) ?? [];
  const known = names.includes(value);
  return (
    <>
      <select
        className="sy-input is-mono"
        value={value}
        aria-label={label}
        data-testid={testId}
        data-field-path={fieldPath}
        aria-invalid={q.data && !known ? true : undefined}
        onChange={(e) => (e.target.value === ADD ? setAdding(true) : onChange(e.target.value))}
      >
        {!known && <option value={value}>{q.data ? `${value || '(none)'} — not configured` : value}</option>}
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
        <option value={ADD}>Add connection…</option>
      </select>
      {q.isError && <p className="sy-picker-note is-error">Could not load the connections: {q.error.message}</p>}
      {adding && (
        <ConnectionFormDialog
          target="new"
          onClose={() => setAdding(false)}
          onSaved={(c) => {
            setAdding(false);
            onChange(c.name);
          }}
        />
      )}
    </>
  );
}

export function ModelPicker({ connection, value, onChange, label, testId, fieldPath }: { connection: string; value: string; onChange(v: string): void; label: string; testId?: string; fieldPath?: string }) {
  const conns = useConnections();
  const configured = !!conns.data?.connections.some((c) => c.name === connection);
  const q = useConnectionModels(connection, configured);
  const qc = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const list = q.data?.ok ? q.data.models : [];
  const refresh = () => {
    setRefreshing(true);
    void refreshConnectionModels(qc, connection)
      .catch(() => undefined)
      .finally(() => setRefreshing(false));
  };
  let note: string;
  if (!conns.data) note = '';
  else if (!configured) note = `Connection "${connection}" is not configured: its models cannot be listed.`;
  else if (q.isPending) note = `Listing the models of "${connection}"…`;
  else if (q.isError) note = `Could not list the models: ${q.error.message}`;
  else if (q.data && !q.data.ok) note = `Could not list the models: ${q.data.message}`;
  else note = `${list.length} model${list.length === 1 ? '' : 's'} listed by "${connection}"; any other name can be typed.`;
  const failed = q.isError || (q.data !== undefined && !q.data.ok);
  return (
    <div data-testid={testId ? `${testId}-picker` : undefined}>
      <div className="sy-combobox-row">
        <Combobox value={value} onChange={onChange} options={list} label={label} placeholder="a model name" testId={testId} fieldPath={fieldPath} />
        <button
          type="button"
          className="sy-picker-refresh"
          aria-label={`Ask "${connection}" for its models again`}
          title="Refresh the list"
          data-testid={testId ? `${testId}-refresh` : undefined}
          disabled={!configured || refreshing}
          aria-busy={refreshing || undefined}
          onClick={refresh}
        >
          ↻
        </button>
      </div>
      {note && (
        <p className={`sy-picker-note ${failed ? 'is-error' : ''}`} data-testid={testId ? `${testId}-note` : undefined}>
          {note}
        </p>
      )}
    </div>
  );
}
