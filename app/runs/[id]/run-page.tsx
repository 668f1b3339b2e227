'use client';

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DebugPanel } from '@/components/debug/debug-panel';
import { RunStoreProvider, useRunStore } from '@/components/debug/run-store';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { fetchRun, runKeys } from '@/components/debug/run-api';
import { costTitle, formatCost, traceCost } from '@/components/debug/cost';
import { NotFoundView } from '@/components/ui/not-found-view';
import { ApiError } from '@/lib/contracts/client';
import s from './run-page.module.css';

function RunPageBody({ runId }: { runId: string }) {
  // Only the run's graph id is needed here; the panel loads and follows the events itself.
  const q = useQuery({ queryKey: runKeys.run(runId), queryFn: () => fetchRun(runId), staleTime: Infinity, retry: false });
  if (q.isPending) return <p className={s.note}>Loading run {runId}…</p>;
  if (q.isError && q.error instanceof ApiError && q.error.status === 404)
    return (
      <NotFoundView title="No such run" testId="run-not-found">
        There is no run <code>{runId}</code>: the link may be mistyped, or the run was deleted with its graph. Runs of a
        graph are listed in its editor, under Run → History.
      </NotFoundView>
    );
  if (q.isError)
    return (
      <p className={s.error} role="alert" data-testid="run-page-error">
        Could not open run {runId}: {q.error.message}
      </p>
    );
  const graphId = q.data.run.graph_id;
  return (
    <>
      <header className={s.head}>
        <a href="/" className={s.crumb}>
          Switchyard
        </a>
        <span className={s.sep}>/</span>
        {graphId ? (
          <a href={`/graphs/${encodeURIComponent(graphId)}`} className={s.crumb} data-testid="graph-link">
            {q.data.run.graph_name ?? 'graph'}
          </a>
        ) : (
          <span className={s.crumb}>{q.data.run.graph_name ?? 'graph'}</span>
        )}
        <span className={s.sep}>/</span>
        <CurrentRun fallback={runId} />
        <span className={s.end}>
          <RunCost />
          <DownloadCassette fallback={runId} />
        </span>
      </header>
      <main className={s.main}>
        <DebugPanel
          graphId={graphId ?? ''}
          runId={runId}
          onRunChange={(id) => {
            // Keep the address shareable: it names the run on screen.
            if (id && id !== decodeURIComponent(location.pathname.split('/').pop() ?? '')) history.replaceState(null, '', `/runs/${encodeURIComponent(id)}`);
          }}
        />
      </main>
    </>
  );
}

/** The run on screen (it changes when another run is started or replayed from the history). */
function CurrentRun({ fallback }: { fallback: string }) {
  const id = useRunStore((st) => st.runId);
  return <span className={s.current} data-testid="current-run">run {id ?? fallback}</span>;
}

/** The cost of the run on screen (its priced model calls so far; "—" when none had a price). */
function RunCost() {
  const events = useRunStore((st) => st.events);
  const { cost, calls } = useMemo(() => ({ cost: traceCost(events), calls: events.some((e) => e.type === 'llm.response') }), [events]);
  if (!calls) return null;
  return (
    <span className={s.cost} data-testid="run-page-cost" title={costTitle(cost)}>
      cost {formatCost(cost)}
    </span>
  );
}

/** The run's recorded model and tool calls as a cassette file for a graph test (`cassette: FILE`). */
function DownloadCassette({ fallback }: { fallback: string }) {
  const id = useRunStore((st) => st.runId) ?? fallback;
  return (
    <a
      href={`/api/runs/${encodeURIComponent(id)}/cassette`}
      download
      className={s.crumb}
      data-testid="download-cassette"
      title="The run's recorded model and tool calls, for a graph test to replay without calling the model (cassette: FILE)"
    >
      Download cassette
    </a>
  );
}

export function RunPage({ runId }: { runId: string }) {
  return (
    <div className={s.page}>
      <QueryBoundary>
        <RunStoreProvider>
          <RunPageBody runId={runId} />
        </RunStoreProvider>
      </QueryBoundary>
    </div>
  );
}
