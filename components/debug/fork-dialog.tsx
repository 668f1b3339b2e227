'use client';

import { useState } from 'react';
import type { CheckpointView, GraphVersionChoice } from '@/lib/contracts/time-travel';
import { ApiError } from '@/lib/contracts/client';
import { changedChannels, parseForkState } from './fork-state';
import { useForkRun } from './time-travel-api';
import s from './debug.module.css';
import t from './time-travel.module.css';

/** The "Next" choice that leaves it to the server: the checkpoint's next nodes, or those the edited state leads to. */
const FOLLOW_STATE = '';

/**
 * "Fork from here": the checkpoint's state as editable JSON (checked as JSON here, against the
 * graph's state channels by the server, whose 422 names the path), the graph version, what runs
 * next (where the state leads: an edited routing channel re-routes; or a pinned node, or END),
 * and Start.
 */
export function ForkDialog({
  runId,
  checkpoint,
  nodes,
  onForked,
  onClose,
}: {
  runId: string;
  checkpoint: CheckpointView;
  /** The graph's node ids (the choices to pin). */
  nodes: readonly string[];
  onForked(runId: string): void;
  onClose(): void;
}) {
  const [text, setText] = useState(() => JSON.stringify(checkpoint.state, null, 2));
  const [version, setVersion] = useState<GraphVersionChoice>('original');
  const [next, setNext] = useState(FOLLOW_STATE);
  const fork = useForkRun();
  const parsed = parseForkState(text);
  const error = !parsed.ok ? parsed.error : fork.error ? (fork.error instanceof ApiError ? `${fork.error.code}: ${fork.error.message}` : fork.error.message) : null;
  const submit = () => {
    if (!parsed.ok) return;
    const state = changedChannels(checkpoint.state, parsed.state);
    fork.mutate(
      { runId, body: { step: checkpoint.step, graph_version: version, ...(Object.keys(state).length ? { state } : {}), ...(next !== FOLLOW_STATE ? { next } : {}) } },
      { onSuccess: (r) => onForked(r.run_id) },
    );
  };
  return (
    <div className={t.dialog} role="dialog" aria-label={`Fork from step ${checkpoint.step}`} data-testid="fork-dialog">
      <p className={s.muted}>
        A new run starts from the state after step {checkpoint.step}; {checkpoint.next.length ? `next: ${checkpoint.next.join(', ')}` : 'nothing runs next'}. Edit the state
        below: an edited channel that an edge routes on (a reviewer&apos;s verdict) takes the branch it leads to, unless you pin what runs next.
      </p>
      <textarea
        className={t.stateEditor}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
        aria-label="State (JSON)"
        aria-invalid={!parsed.ok || undefined}
        data-testid="fork-state"
      />
      <div className={t.stepBar}>
        <label>
          Graph{' '}
          <select value={version} onChange={(e) => setVersion(e.target.value as GraphVersionChoice)} data-testid="fork-version">
            <option value="original">version of this run</option>
            <option value="current">as it is now</option>
          </select>
        </label>
        <label>
          Next{' '}
          <select value={next} onChange={(e) => setNext(e.target.value)} data-testid="fork-next">
            <option value={FOLLOW_STATE}>where the state leads</option>
            {nodes.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
            <option value="END">END (finish at once)</option>
          </select>
        </label>
        <button type="button" className={s.primary} disabled={!parsed.ok || fork.isPending} onClick={submit} data-testid="fork-submit">
          {fork.isPending ? 'Starting…' : 'Start fork'}
        </button>
        <button type="button" className={s.smallButton} onClick={onClose}>
          Cancel
        </button>
      </div>
      {error && (
        <p className={s.errorText} role="alert" data-testid="fork-error">
          {error}
        </p>
      )}
    </div>
  );
}
