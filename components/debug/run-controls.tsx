'use client';

import { useEffect, useRef, useState } from 'react';
import { useConnections } from '@/components/settings/use-connections';
import { connectionLabel } from './connection-label';
import { parseRunInput, prefillRunInput } from './run-input';
import s from './debug.module.css';

/** The connection(s) a run uses, as GET /api/connections describes them. */
export function ConnectionBadge({ names }: { names: string[] }) {
  const q = useConnections();
  if (q.isError) return <span className={s.conn} data-testid="connection">connection: unknown ({q.error.message})</span>;
  if (!q.data) return null;
  const wanted = names.length ? names : ['default'];
  return (
    <>
      {wanted.map((n) => {
        const c = q.data.connections.find((x) => x.name === n);
        if (!c)
          return (
            <span key={n} className={s.conn} data-testid="connection" data-kind="missing">
              {n}: not configured
            </span>
          );
        const l = connectionLabel(c);
        return (
          <span
            key={n}
            className={s.conn}
            data-testid="connection"
            data-kind={l.kind}
            title={[c.base_url, `source: ${c.source}`, ...(c.api_key_hint ? [`key: ${c.api_key_hint}`] : [])].join('\n')}
          >
            <strong>{l.name}</strong> · <span className={s.connHost}>{l.host || 'no base URL'} · </span>
            <span className={s.connKind}>{l.kind}</span>
          </span>
        );
      })}
    </>
  );
}

/** The run input (a question, or a JSON object of inputs) with Run and Stop. */
export function RunControls({
  running,
  canRun,
  starting,
  stopping,
  error,
  onRun,
  onStop,
  prefill,
}: {
  running: boolean;
  canRun: boolean;
  starting: boolean;
  stopping: boolean;
  error: string | null;
  onRun(body: { input: string; inputs?: Record<string, unknown> }): void;
  onStop(): void;
  /** The input of a run just opened (a new object per opening): put in the box unless the user typed there. */
  prefill?: { input: string } | null;
}) {
  const [text, setText] = useState('');
  const prefilled = useRef<string | null>(null);
  useEffect(() => {
    if (!prefill) return;
    const before = prefilled.current;
    prefilled.current = prefill.input;
    setText((box) => prefillRunInput(box, before, prefill.input));
  }, [prefill]);
  const [inputError, setInputError] = useState<string | null>(null);
  const submit = () => {
    const p = parseRunInput(text);
    if (!p.ok) {
      setInputError(p.error);
      return;
    }
    setInputError(null);
    onRun(p.body);
  };
  return (
    <form
      className={s.controls}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        className={s.input}
        rows={2}
        placeholder='A question, or a JSON object of inputs like {"topic": "rails"}'
        aria-label="Run input"
        data-testid="run-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <div className={s.controlButtons}>
        <button type="submit" className={s.primary} disabled={!canRun || running || starting} data-testid="run-button" title="Run (Ctrl+Enter)">
          {starting ? 'Starting…' : 'Run'}
        </button>
        <button type="button" className={s.danger} disabled={!running || stopping} onClick={onStop} data-testid="stop-button">
          {stopping ? 'Stopping…' : 'Stop'}
        </button>
      </div>
      {(inputError ?? error) && (
        <p className={s.errorText} role="alert" data-testid="run-error">
          {inputError ?? error}
        </p>
      )}
    </form>
  );
}
