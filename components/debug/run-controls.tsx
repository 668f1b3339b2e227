'use client';

import { useConnections } from '@/components/settings/use-connections';
import { DEMO_CONNECTION, DEMO_CONNECTION_LABEL } from '@/lib/contracts/runs';
import { connectionLabel } from './connection-label';
import { DemoOffer, type DemoChoice } from './demo-offer';
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
        if (n === DEMO_CONNECTION)
          return (
            <span key={n} className={s.conn} data-testid="connection" data-kind="mock" title="Built in: plays the example graphs' scripted conversations; no network, no key.">
              <strong>{DEMO_CONNECTION_LABEL}</strong>
            </span>
          );
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

/** The run input (a question, or a JSON object of inputs) with Run and Stop. The text lives in the panel. */
export function RunControls({
  text,
  onText,
  defaultInput,
  running,
  canRun,
  starting,
  stopping,
  error,
  onSubmit,
  onStop,
  demo,
  hasRun = false,
  inputRef,
}: {
  text: string;
  onText(text: string): void;
  /** What an empty box runs with (shown as the placeholder). */
  defaultInput: string;
  running: boolean;
  canRun: boolean;
  starting: boolean;
  stopping: boolean;
  error: string | null;
  onSubmit(): void;
  onStop(): void;
  /** The demo model offer (demo-offer.tsx useDemoChoice), shown when no connection is configured. */
  demo?: DemoChoice;
  /** A run is shown: the demo offer keeps to one line. */
  hasRun?: boolean;
  /** The input box, for whoever must put the keyboard there. */
  inputRef?: React.Ref<HTMLTextAreaElement>;
}) {
  return (
    <form
      className={s.controls}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <textarea
        className={s.input}
        // A run is shown: one line, so its answer and trace keep the room (the box grows with its handle).
        rows={hasRun ? 1 : 2}
        placeholder={`Empty runs with "${defaultInput}". Type a question, or a JSON object of inputs like {"topic": "rails"}`}
        aria-label="Run input"
        ref={inputRef}
        data-testid="run-input"
        value={text}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            e.stopPropagation();
            onSubmit();
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
      {demo && <DemoOffer demo={demo} onText={onText} folded={hasRun} />}
      {error && (
        <p className={s.errorText} role="alert" data-testid="run-error">
          {error}
        </p>
      )}
    </form>
  );
}
