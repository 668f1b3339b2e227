'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useConnections } from '@/components/settings/use-connections';
import { request } from '@/lib/contracts/client';
import { DEMO_CONNECTION, DEMO_CONNECTION_LABEL, DemoScriptsResponse } from '@/lib/contracts/runs';
import { connectionLabel } from './connection-label';
import s from './debug.module.css';

/**
 * The demo model offer: when none of the graph's connections is configured, the panel offers
 * "Run with the demo model" (never chosen silently: the person ticks it) and the inputs the demo
 * has a scripted conversation for. A chosen demo sends `connection_override: 'demo'`.
 */
export interface DemoChoice {
  offered: boolean;
  chosen: boolean;
  choose(chosen: boolean): void;
  /** Inputs with a scripted conversation (GET /api/graphs/:id/demo). */
  inputs: string[];
}

export function useDemoChoice(graphId: string | undefined, connections: string[]): DemoChoice {
  const q = useConnections();
  const [chosen, choose] = useState(false);
  const wanted = connections.length ? connections : ['default'];
  const offered = !!q.data && wanted.some((n) => n !== DEMO_CONNECTION && !q.data.connections.some((c) => c.name === n));
  const scripts = useQuery({
    queryKey: ['graphs', graphId ?? '', 'demo'],
    queryFn: ({ signal }) => request(`/api/graphs/${encodeURIComponent(graphId ?? '')}/demo`, { signal }, DemoScriptsResponse),
    enabled: offered && !!graphId,
  });
  return { offered, chosen: offered && chosen, choose, inputs: scripts.data?.inputs ?? [] };
}

function DemoOffer({ demo, onText }: { demo: DemoChoice; onText(text: string): void }) {
  if (!demo.offered) return null;
  return (
    <div className={s.notice} role="group" aria-label="Demo model" data-testid="demo-offer">
      <label>
        <input type="checkbox" checked={demo.chosen} onChange={(e) => demo.choose(e.target.checked)} data-testid="demo-choice" /> Run with the demo model
        <span className={s.muted}> ({DEMO_CONNECTION_LABEL}). No model connection is configured for this graph; add one in Settings to run it for real.</span>
      </label>
      {demo.chosen && (
        <p>
          {demo.inputs.length ? 'Scripted inputs: ' : 'This graph has no scripted conversation: the demo model will only explain itself.'}
          {demo.inputs.map((input) => (
            <button key={input} type="button" className={s.smallButton} onClick={() => onText(input)} data-testid="demo-input">
              {input}
            </button>
          ))}
        </p>
      )}
    </div>
  );
}

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
  /** The demo model offer (useDemoChoice), shown when no connection is configured. */
  demo?: DemoChoice;
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
        rows={2}
        placeholder={`Empty runs with "${defaultInput}". Type a question, or a JSON object of inputs like {"topic": "rails"}`}
        aria-label="Run input"
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
      {demo && <DemoOffer demo={demo} onText={onText} />}
      {error && (
        <p className={s.errorText} role="alert" data-testid="run-error">
          {error}
        </p>
      )}
    </form>
  );
}
