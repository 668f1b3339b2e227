'use client';

import { useEffect, useState } from 'react';
import { CopyJsonButton } from './copy-json-button';
import { Section } from './details-parts';
import { ForkDialog } from './fork-dialog';
import { useCheckpoints } from './time-travel-api';
import { asText } from './trace-data';
import s from './debug.module.css';
import t from './time-travel.module.css';

/**
 * "State at step N" under the step details: the checkpoint after the selected row's step (any
 * other step can be picked), what runs next, and "Fork from here" with a state editor.
 */
export function StateAtStep({
  runId,
  step,
  live,
  nodes,
  onForked,
}: {
  runId: string;
  step: number;
  live: boolean;
  /** The graph's node ids (what a fork may pin to run next). */
  nodes: readonly string[];
  onForked(runId: string): void;
}) {
  const q = useCheckpoints(runId, live);
  const [picked, setPicked] = useState(step);
  const [forking, setForking] = useState(false);
  useEffect(() => {
    setPicked(step);
    setForking(false);
  }, [step, runId]);
  if (q.isPending) return <p className={s.muted}>Loading checkpoints…</p>;
  if (q.isError) return <p className={s.errorText}>Could not load the checkpoints: {q.error.message}</p>;
  const cps = q.data.checkpoints;
  if (!cps.length) return null;
  // The row's step may have no checkpoint of its own (a fork starts at its fork step): show the nearest before it.
  const cp = cps.find((c) => c.step === picked) ?? cps.filter((c) => c.step <= picked).at(-1) ?? cps[0];
  return (
    <Section title={`State at step ${cp.step}`} actions={<CopyJsonButton value={cp.state} />}>
      <div data-testid="state-at-step" data-step={cp.step}>
        <div className={t.stepBar}>
          <label>
            Step{' '}
            <select value={cp.step} onChange={(e) => setPicked(Number(e.target.value))} data-testid="checkpoint-step">
              {cps.map((c) => (
                <option key={c.step} value={c.step}>
                  {c.step}
                  {c.interrupt ? ' (paused)' : ''}
                </option>
              ))}
            </select>
          </label>
          <span className={s.muted}>next: {cp.next.length ? cp.next.join(', ') : 'END'}</span>
          {!forking && (
            <button type="button" className={s.smallButton} onClick={() => setForking(true)} data-testid="fork-from-here" title="Start a new run from this checkpoint, with the state edited if you like">
              Fork from here
            </button>
          )}
        </div>
        <pre className={s.pre} data-testid="checkpoint-state">{asText(cp.state)}</pre>
        {forking && (
          <ForkDialog
            key={cp.step}
            runId={runId}
            checkpoint={cp}
            nodes={nodes}
            onClose={() => setForking(false)}
            onForked={(id) => {
              setForking(false);
              onForked(id);
            }}
          />
        )}
      </div>
    </Section>
  );
}
