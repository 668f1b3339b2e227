'use client';

import type { Timeline, TimelineRow } from './timeline-tree';
import { eventData, type TraceData, type TraceEvent, type TraceEventType } from '@/lib/contracts/trace';
import { asText } from './trace-data';
import { CopyJsonButton } from './copy-json-button';
import { FoldText } from './fold-text';
import { Facts, Section, ms } from './details-parts';
import { LlmDetails } from './llm-details';
import { MemoryDetails } from './memory-details';
import { deltaDiff, knownStateBefore, type DiffEntry } from './state-diff';
import { StateDiffView } from './state-diff-view';
import s from './debug.module.css';

/** The typed data of the row's first event of `type`. */
function data<T extends TraceEventType>(row: TimelineRow, type: T): TraceData<T> | undefined {
  return eventData(row.events.find((e) => e.type === type), type);
}

function ToolDetails({ row }: { row: TimelineRow }) {
  const call = data(row, 'tool.call');
  const res = data(row, 'tool.result');
  return (
    <>
      <Facts
        items={[
          ['Tool', call?.tool],
          ['Type', call?.type],
          ['Latency', ms(res?.latency_ms)],
          ['Truncated for the model', res?.truncated ? `yes (original ${res.original_bytes?.toLocaleString() ?? '?'} bytes)` : undefined],
          ['Replay', res?.recording === 'recorded' ? 'from the recording (not run)' : res?.recording === 'live' ? 'live (the call changed)' : undefined],
        ]}
      />
      <Section title="Arguments" actions={<CopyJsonButton value={call?.args} />}>
        <pre className={s.pre} data-testid="tool-args">{asText(call?.args)}</pre>
      </Section>
      {res?.error !== undefined && (
        <Section title="Error">
          <pre className={`${s.pre} ${s.errorText}`}>{asText(res.error)}</pre>
        </Section>
      )}
      <Section title={res ? 'Result' : 'Result (running)'} actions={<CopyJsonButton value={res?.output} />}>
        <FoldText text={asText(res?.output ?? '')} testId="tool-result" />
      </Section>
    </>
  );
}

function EdgeDetails({ row }: { row: TimelineRow }) {
  const d = data(row, 'edge.taken');
  const bi = d?.branch_index;
  return (
    <Facts
      items={[
        ['From', d?.from],
        ['To', d?.to],
        ['Condition', d?.condition ?? (bi !== undefined ? 'else' : undefined)],
        ['Value', d?.value === undefined ? undefined : asText(d.value)],
        ['Branch', bi === undefined ? undefined : `#${bi + 1}`],
        ['Reason', d?.reason],
      ]}
    />
  );
}

/** The state.updated events of a node row (and its children), each with its diff. */
function stateChanges(row: TimelineRow, timeline: Timeline): Array<{ data: TraceData<'state.updated'>; entries: DiffEntry[] }> {
  const rows = [row, ...row.children.map((id) => timeline.rows.get(id)!)];
  return rows.flatMap((r) => r.events.flatMap((e) => stateChange(e, timeline) ?? []));
}

function stateChange(e: TraceEvent | undefined, timeline: Timeline): { data: TraceData<'state.updated'>; entries: DiffEntry[] } | undefined {
  const data = eventData(e, 'state.updated');
  if (!e || !data) return undefined;
  const all = [...timeline.rows.values()].flatMap((r) => r.events);
  return { data, entries: deltaDiff(data, knownStateBefore(all, e.seq)) };
}

function NodeDetails({ row, timeline }: { row: TimelineRow; timeline: Timeline }) {
  const start = data(row, 'node.started');
  const fin = data(row, 'node.finished');
  const changes = stateChanges(row, timeline);
  const err = fin?.error;
  return (
    <>
      <Facts
        items={[
          ['Node', row.node],
          ['Role', start?.role],
          ['Strategy', start?.strategy],
          ['Status', fin?.status ?? 'running'],
          ['Latency', ms(fin?.latency_ms ?? (row.end ? row.end - row.start : undefined))],
          ['Tokens', row.tokensIn + row.tokensOut ? `${row.tokensIn} in · ${row.tokensOut} out` : undefined],
        ]}
      />
      {err !== undefined && (
        <Section title="Error">
          <pre className={`${s.pre} ${s.errorText}`}>{asText(err)}</pre>
        </Section>
      )}
      {fin?.output !== undefined && (
        <Section title="Output" actions={<CopyJsonButton value={fin.output} />}>
          <FoldText text={asText(fin.output)} testId="node-output" />
        </Section>
      )}
      {changes.map((c, i) => (
        <Section key={i} title="State change" actions={<CopyJsonButton value={c.data} />}>
          <StateDiffView entries={c.entries} />
        </Section>
      ))}
    </>
  );
}

function RunDetails({ row }: { row: TimelineRow }) {
  const start = data(row, 'run.started');
  const fin = data(row, 'run.finished');
  const failed = data(row, 'run.failed')?.error;
  return (
    <>
      <Facts items={[['Graph', start?.graph], ['Duration', ms(row.end ? row.end - row.start : undefined)], ['Tokens', `${row.tokensIn} in · ${row.tokensOut} out`]]} />
      <Section title="Input" actions={<CopyJsonButton value={start?.inputs ?? start?.input} />}>
        <FoldText text={asText(start?.inputs ?? start?.input ?? '')} />
      </Section>
      {fin && (
        <Section title="Output" actions={<CopyJsonButton value={fin.output} />}>
          <FoldText text={asText(fin.output)} testId="run-output" />
          {fin.answer_note && <p className={s.muted} data-testid="run-answer-note">{fin.answer_note}</p>}
        </Section>
      )}
      {failed && (
        <Section title="Error">
          <pre className={`${s.pre} ${s.errorText}`}>{`${failed.code}: ${failed.message}`}</pre>
        </Section>
      )}
    </>
  );
}

/** The details of the selected timeline row, by kind. Everything copyable as JSON. */
export function StepDetails({ row, timeline }: { row: TimelineRow | undefined; timeline: Timeline }) {
  if (!row) return <p className={s.muted}>Select a step in the timeline to see exactly what was sent and received.</p>;
  const first = row.events[0];
  const state = row.kind === 'state' ? stateChange(first, timeline) : undefined;
  return (
    <div className={s.details} data-testid="step-details" data-kind={row.kind}>
      <header className={s.detailsHead}>
        <h3>{row.label}</h3>
        <CopyJsonButton value={row.events} label="Copy events as JSON" />
      </header>
      {row.kind === 'llm' && <LlmDetails row={row} timeline={timeline} />}
      {row.kind === 'tool' && <ToolDetails row={row} />}
      {row.kind === 'memory' && <MemoryDetails row={row} />}
      {row.kind === 'edge' && <EdgeDetails row={row} />}
      {row.kind === 'node' && <NodeDetails row={row} timeline={timeline} />}
      {row.kind === 'run' && <RunDetails row={row} />}
      {row.kind === 'state' && state && (
        <Section title="State change" actions={<CopyJsonButton value={state.data} />}>
          <StateDiffView entries={state.entries} />
        </Section>
      )}
      {(row.kind === 'interrupt' || row.kind === 'resume' || row.kind === 'guard' || row.kind === 'other' || row.kind === 'unknown') && (
        <pre className={s.pre}>{asText(first?.data ?? {})}</pre>
      )}
    </div>
  );
}
