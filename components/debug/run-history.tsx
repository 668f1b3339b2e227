'use client';

import { useState } from 'react';
import type { RunView } from '@/lib/contracts/runs';
import { useRunHistory } from './run-api';
import { ms } from './details-parts';
import { costTitle, formatCost } from './cost';
import { familyOrder, lineageLabel } from './run-family';
import { useReplayRun } from './time-travel-api';
import s from './debug.module.css';
import t from './time-travel.module.css';

function duration(r: RunView): string | undefined {
  if (r.duration_ms !== null) return ms(r.duration_ms);
  const from = r.started_at ?? r.created_at;
  if (!from || !r.finished_at) return undefined;
  return ms(Date.parse(r.finished_at) - Date.parse(from));
}

/**
 * The graph's past runs, newest first, each followed by its forks and replays; picking one shows
 * it from its stored events. Two ticked runs open the Compare page; Replay re-runs a run on the
 * current graph reusing its recorded model and tool results.
 */
export function RunHistory({ graphId, currentRunId, onReplay }: { graphId: string | undefined; currentRunId: string | null; onReplay(runId: string): void }) {
  const q = useRunHistory(graphId);
  const [picked, setPicked] = useState<string[]>([]);
  const replay = useReplayRun();
  if (!graphId) return <p className={s.muted}>No graph.</p>;
  if (q.isPending) return <p className={s.muted}>Loading runs…</p>;
  if (q.isError) return <p className={s.errorText}>Could not load the run history: {q.error.message}</p>;
  const rows = familyOrder(q.data);
  if (rows.length === 0) return <p className={s.muted}>No runs yet.</p>;
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id].slice(-2)));
  const [a, b] = picked;
  return (
    <>
      <div className={t.stepBar}>
        <span className={s.muted}>Tick two runs to compare them.</span>
        {a && b ? (
          <a className={s.smallButton} href={`/runs/compare?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`} data-testid="compare-runs">
            Compare the two
          </a>
        ) : null}
        {replay.error && <span className={s.errorText}>Replay failed: {replay.error.message}</span>}
      </div>
      <table className={s.history} data-testid="run-history">
        <thead>
          <tr>
            <th aria-label="Compare" />
            <th>Status</th>
            <th>Started</th>
            <th>Duration</th>
            <th>Tokens</th>
            <th>Cost</th>
            <th>Input</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {rows.map(({ run: r, depth }) => {
            const lineage = lineageLabel(r);
            return (
              <tr
                key={r.id}
                data-testid="history-row"
                data-run-id={r.id}
                data-status={r.status}
                data-parent-run-id={r.parent_run_id ?? undefined}
                aria-current={r.id === currentRunId || undefined}
                tabIndex={0}
                onClick={() => onReplay(r.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && e.target === e.currentTarget) onReplay(r.id);
                }}
                title="Show this run"
              >
                <td onClick={(e) => e.stopPropagation()}>
                  <input type="checkbox" checked={picked.includes(r.id)} onChange={() => toggle(r.id)} aria-label={`Select run ${r.id} to compare`} data-testid="compare-pick" />
                </td>
                <td style={{ paddingLeft: depth ? `${depth * 16}px` : undefined }}>
                  <span className={s.status} data-status={r.status}>
                    {r.status}
                  </span>
                  {lineage && (
                    <div className={t.lineage} data-testid="run-lineage">
                      ↳ {lineage}
                    </div>
                  )}
                </td>
                <td>{new Date(r.created_at).toLocaleString()}</td>
                <td>{duration(r) ?? ''}</td>
                <td>{r.usage?.total_tokens.toLocaleString() ?? ''}</td>
                <td title={r.usage ? costTitle(r.usage.cost_usd) : undefined} data-testid="history-cost">
                  {r.usage?.total_tokens ? formatCost(r.usage.cost_usd) : ''}
                </td>
                <td className={s.inputCell}>{r.input}</td>
                <td onClick={(e) => e.stopPropagation()}>
                  <button
                    type="button"
                    className={s.smallButton}
                    disabled={replay.isPending}
                    onClick={() => replay.mutate({ runId: r.id, body: {} }, { onSuccess: (res) => onReplay(res.run_id) })}
                    data-testid="replay-run"
                    title="Run again on the graph as it is now, reusing the recorded model and tool results of every unchanged call"
                  >
                    Replay
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
