'use client';

import type { Timeline, TimelineRow } from './timeline-tree';
import { asText, num, obj, str } from './trace-data';
import { CopyJsonButton } from './copy-json-button';
import { FoldText } from './fold-text';
import { Facts, Section, ms } from './details-parts';
import { LlmDetails } from './llm-details';
import { StateDiffView } from './state-diff-view';
import s from './debug.module.css';

function data(row: TimelineRow, type: string): Record<string, unknown> | undefined {
  return row.events.find((e) => e.type === type)?.data;
}

function ToolDetails({ row }: { row: TimelineRow }) {
  const call = data(row, 'tool.call');
  const res = data(row, 'tool.result');
  return (
    <>
      <Facts
        items={[
          ['Tool', str(call, 'tool')],
          ['Type', str(call, 'type')],
          ['Latency', ms(num(res, 'latency_ms'))],
          ['Truncated for the model', res?.truncated ? `yes (original ${num(res, 'original_bytes')?.toLocaleString() ?? '?'} bytes)` : undefined],
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
  const d = row.events[0]?.data ?? {};
  const bi = num(d, 'branch_index');
  return (
    <Facts
      items={[
        ['From', str(d, 'from')],
        ['To', str(d, 'to')],
        ['Condition', str(d, 'condition') ?? (bi !== undefined && !str(d, 'condition') ? 'else' : undefined)],
        ['Value', d.value === undefined ? undefined : asText(d.value)],
        ['Branch', bi === undefined ? undefined : `#${bi + 1}`],
        ['Reason', str(d, 'reason')],
      ]}
    />
  );
}

function stateChanges(row: TimelineRow, timeline: Timeline): Array<Record<string, unknown>> {
  const own = row.events.filter((e) => e.type === 'state.updated').map((e) => e.data);
  const kids = row.children.flatMap((id) => timeline.rows.get(id)!.events.filter((e) => e.type === 'state.updated').map((e) => e.data));
  return [...own, ...kids];
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
          ['Role', str(start, 'role')],
          ['Strategy', str(start, 'strategy')],
          ['Status', str(fin, 'status') ?? 'running'],
          ['Latency', ms(num(fin, 'latency_ms') ?? (row.end ? row.end - row.start : undefined))],
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
        <Section key={i} title="State before → after" actions={<CopyJsonButton value={{ before: c.before, after: c.after }} />}>
          <StateDiffView before={c.before} after={c.after} />
        </Section>
      ))}
    </>
  );
}

function RunDetails({ row }: { row: TimelineRow }) {
  const start = data(row, 'run.started');
  const fin = data(row, 'run.finished');
  const failed = obj(data(row, 'run.failed'), 'error');
  return (
    <>
      <Facts items={[['Graph', str(start, 'graph')], ['Duration', ms(row.end ? row.end - row.start : undefined)], ['Tokens', `${row.tokensIn} in · ${row.tokensOut} out`]]} />
      <Section title="Input" actions={<CopyJsonButton value={start?.inputs ?? start?.input} />}>
        <FoldText text={asText(start?.inputs ?? start?.input ?? '')} />
      </Section>
      {fin && (
        <Section title="Output" actions={<CopyJsonButton value={fin.output} />}>
          <FoldText text={asText(fin.output)} testId="run-output" />
        </Section>
      )}
      {failed && (
        <Section title="Error">
          <pre className={`${s.pre} ${s.errorText}`}>{`${str(failed, 'code') ?? 'error'}: ${str(failed, 'message') ?? ''}`}</pre>
        </Section>
      )}
    </>
  );
}

/** The details of the selected timeline row, by kind. Everything copyable as JSON. */
export function StepDetails({ row, timeline }: { row: TimelineRow | undefined; timeline: Timeline }) {
  if (!row) return <p className={s.muted}>Select a step in the timeline to see exactly what was sent and received.</p>;
  const d = row.events[0]?.data ?? {};
  return (
    <div className={s.details} data-testid="step-details" data-kind={row.kind}>
      <header className={s.detailsHead}>
        <h3>{row.label}</h3>
        <CopyJsonButton value={row.events} label="Copy events as JSON" />
      </header>
      {row.kind === 'llm' && <LlmDetails row={row} timeline={timeline} />}
      {row.kind === 'tool' && <ToolDetails row={row} />}
      {row.kind === 'edge' && <EdgeDetails row={row} />}
      {row.kind === 'node' && <NodeDetails row={row} timeline={timeline} />}
      {row.kind === 'run' && <RunDetails row={row} />}
      {row.kind === 'state' && (
        <Section title="State before → after" actions={<CopyJsonButton value={{ before: d.before, after: d.after }} />}>
          <StateDiffView before={d.before} after={d.after} />
        </Section>
      )}
      {(row.kind === 'interrupt' || row.kind === 'resume' || row.kind === 'other') && (
        <pre className={s.pre}>{asText(d)}</pre>
      )}
    </div>
  );
}
