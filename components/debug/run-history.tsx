'use client';

import type { RunView } from '@/lib/contracts/runs';
import { useRunHistory } from './run-api';
import { ms } from './details-parts';
import s from './debug.module.css';

function duration(r: RunView): string | undefined {
  if (r.duration_ms !== null) return ms(r.duration_ms);
  const from = r.started_at ?? r.created_at;
  if (!from || !r.finished_at) return undefined;
  return ms(Date.parse(r.finished_at) - Date.parse(from));
}

/** The graph's past runs, newest first; picking one replays it from its stored events. */
export function RunHistory({ graphId, currentRunId, onReplay }: { graphId: string | undefined; currentRunId: string | null; onReplay(runId: string): void }) {
  const q = useRunHistory(graphId);
  if (!graphId) return <p className={s.muted}>No graph.</p>;
  if (q.isPending) return <p className={s.muted}>Loading runs…</p>;
  if (q.isError) return <p className={s.errorText}>Could not load the run history: {q.error.message}</p>;
  const runs = [...q.data].sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (runs.length === 0) return <p className={s.muted}>No runs yet.</p>;
  return (
    <table className={s.history} data-testid="run-history">
      <thead>
        <tr>
          <th>Status</th>
          <th>Started</th>
          <th>Duration</th>
          <th>Tokens</th>
          <th>Input</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => (
          <tr
            key={r.id}
            data-testid="history-row"
            data-run-id={r.id}
            data-status={r.status}
            aria-current={r.id === currentRunId || undefined}
            tabIndex={0}
            onClick={() => onReplay(r.id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onReplay(r.id);
            }}
            title="Replay this run"
          >
            <td>
              <span className={s.status} data-status={r.status}>
                {r.status}
              </span>
            </td>
            <td>{new Date(r.created_at).toLocaleString()}</td>
            <td>{duration(r) ?? ''}</td>
            <td>{r.usage?.total_tokens.toLocaleString() ?? ''}</td>
            <td className={s.inputCell}>{r.input}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
