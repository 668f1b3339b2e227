'use client';
/**
 * The demo model offer: when a connection of the graph is not configured, the run panel offers
 * "Run with the demo model" on one line (never chosen silently: the person ticks it), and once
 * ticked the inputs the demo has a scripted conversation for, as small chips (folded behind a
 * toggle while a run is shown, so the trace keeps the room). A Run before the choice shows the
 * offer with a short message instead of a run that can only fail (demo-gate.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useConnections } from '@/components/settings/use-connections';
import { request } from '@/lib/contracts/client';
import { DEMO_CONNECTION_LABEL, type DemoScriptsResponse } from '@/lib/contracts/runs';
import { missingConnectionMessage, missingConnections } from './demo-gate';
import s from './debug.module.css';

export interface DemoChoice {
  offered: boolean;
  /** The configured connections are still loading: whether the demo is offered is not known yet. */
  loading: boolean;
  chosen: boolean;
  choose(chosen: boolean): void;
  /** Inputs with a scripted conversation (GET /api/graphs/:id/demo). */
  inputs: string[];
  /** The graph's connections that are not configured, and what to say about them (demo-gate.ts). */
  missing: string[];
  message: string;
  /** How many Runs were held for the choice (0: none): each one draws attention to the offer. */
  asked: number;
  ask(): void;
}

export function useDemoChoice(graphId: string | undefined, connections: string[]): DemoChoice {
  const q = useConnections();
  const [chosen, choose] = useState(false);
  const [asked, setAsked] = useState(0);
  const configured = q.data?.connections.map((c) => c.name);
  const missing = missingConnections(connections, configured);
  const offered = missing.length > 0;
  const scripts = useQuery({
    queryKey: ['graphs', graphId ?? '', 'demo'],
    queryFn: ({ signal }) => request<DemoScriptsResponse>(`/api/graphs/${encodeURIComponent(graphId ?? '')}/demo`, { signal }),
    enabled: offered && !!graphId,
  });
  const loading = q.data === undefined && !q.isError;
  const message = missingConnectionMessage(missing, configured ?? []);
  return { offered, loading, chosen: offered && chosen, choose, missing, message, inputs: scripts.data?.inputs ?? [], asked, ask: () => setAsked((n) => n + 1) };
}

/** `folded`: a run is shown, so the scripted inputs start folded behind a toggle. */
export function DemoOffer({ demo, onText, folded }: { demo: DemoChoice; onText(text: string): void; folded: boolean }) {
  const box = useRef<HTMLInputElement>(null);
  const [showInputs, setShowInputs] = useState(false);
  useEffect(() => {
    if (!demo.asked) return;
    box.current?.focus();
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [demo.asked]);
  if (!demo.offered) return null;
  const attention = demo.asked > 0 && !demo.chosen;
  const chipsShown = demo.chosen && (!folded || showInputs);
  return (
    // Chosen while a run is shown: one plain line, so the answer and the trace keep the room.
    <div className={s.demoOffer} role="group" aria-label="Demo model" data-testid="demo-offer" data-attention={attention || undefined} data-compact={(demo.chosen && folded) || undefined}>
      <div className={s.demoLine}>
        <label className={s.demoLabel}>
          <input ref={box} type="checkbox" className={s.demoCheck} checked={demo.chosen} onChange={(e) => demo.choose(e.target.checked)} data-testid="demo-choice" />
          <span title={demo.chosen && folded ? DEMO_CONNECTION_LABEL : undefined}>
            Run with the demo model{!(demo.chosen && folded) && <span className={s.muted}> ({DEMO_CONNECTION_LABEL})</span>}
          </span>
        </label>
        {!demo.chosen && !attention && (
          <span className={s.muted} title={demo.message}>
            · {demo.missing.length === 1 ? `connection "${demo.missing[0]}"` : 'connections'} not configured
          </span>
        )}
        {demo.chosen && folded && demo.inputs.length > 0 && (
          <button type="button" className={s.linkButton} aria-expanded={showInputs} onClick={() => setShowInputs(!showInputs)} data-testid="demo-inputs-toggle">
            {showInputs ? 'Hide scripted inputs' : `Scripted inputs (${demo.inputs.length})`}
          </button>
        )}
      </div>
      {attention && (
        <p className={s.demoNeeded} role="alert" data-testid="demo-needed">
          {demo.message} (<a href="/settings">Settings</a>).
        </p>
      )}
      {demo.chosen && !demo.inputs.length && <p className={s.muted}>This graph has no scripted conversation: the demo model will only explain itself.</p>}
      {chipsShown && demo.inputs.length > 0 && (
        <div className={s.demoChips} aria-label="Scripted inputs">
          {demo.inputs.map((input) => (
            <button key={input} type="button" className={s.demoChip} title={`Use this input: ${input}`} onClick={() => onText(input)} data-testid="demo-input">
              {input}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
