/** Run rows as the API returns them (lib/contracts/runs.ts RunView). */
import type { RunView } from '@/lib/contracts/runs';
import type { RunRow } from '@/db/runs';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function runView(row: RunRow): RunView {
  return {
    id: row.id,
    graph_id: row.graphId,
    graph_name: row.graphName,
    status: row.status,
    source: row.source,
    input: row.input,
    inputs: row.inputs ?? null,
    breakpoints: row.breakpoints ?? null,
    output: row.output ?? null,
    error: row.error ?? null,
    usage: row.usage ?? null,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    duration_ms: row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    parent_run_id: row.parentRunId ?? null,
    forked_from_step: row.forkedFromStep ?? null,
    origin: row.origin ?? null,
  };
}
