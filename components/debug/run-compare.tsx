'use client';

import type { Delta, DiffRow, NodeStepSummary, RunDiffResponse, TextChange } from '@/lib/contracts/time-travel';
import type { RunView } from '@/lib/contracts/runs';
import { ApiError } from '@/lib/contracts/client';
import { useRunDiff } from './time-travel-api';
import { lineageLabel } from './run-family';
import { ms } from './details-parts';
import t from './time-travel.module.css';

/** A jsdiff change list as text with the added and removed parts marked. */
export function TextDiff({ changes, testId }: { changes: TextChange[]; testId?: string }) {
  return (
    <pre className={t.textDiff} data-testid={testId}>
      {changes.map((c, i) =>
        c.added ? (
          <ins key={i} className={t.added}>
            {c.value}
          </ins>
        ) : c.removed ? (
          <del key={i} className={t.removed}>
            {c.value}
          </del>
        ) : (
          <span key={i}>{c.value}</span>
        ),
      )}
    </pre>
  );
}

function DeltaText({ d, format = (v) => v.toLocaleString(), testId }: { d: Delta; format?: (v: number) => string; testId?: string }) {
  if (d.a === null && d.b === null) return <span>—</span>;
  const sign = d.delta === null || d.delta === 0 ? 'same' : d.delta > 0 ? 'up' : 'down';
  return (
    <span className={t.delta} data-sign={sign} data-testid={testId}>
      {d.a === null ? '—' : format(d.a)} → {d.b === null ? '—' : format(d.b)}
      {d.delta !== null && d.delta !== 0 ? ` (${d.delta > 0 ? '+' : '−'}${format(Math.abs(d.delta))})` : ''}
    </span>
  );
}

const usd = (v: number) => `$${v.toFixed(v < 0.01 ? 5 : 3)}`;
const msText = (v: number) => ms(v) ?? `${v} ms`;

function Side({ s }: { s: NodeStepSummary | null }) {
  if (!s) return <span>did not run</span>;
  return (
    <div>
      <div>
        {s.status} · → {s.branches.length ? s.branches.join(', ') : '—'}
      </div>
      {s.tool_calls.length > 0 && <div>tools: {s.tool_calls.map((c) => c.tool).join(', ')}</div>}
    </div>
  );
}

function Row({ r }: { r: DiffRow }) {
  return (
    <>
      <tr data-testid="compare-row" data-kind={r.kind} data-node={r.node} data-step={r.step} data-branch-differs={r.branch_differs || undefined}>
        <td>{r.step}</td>
        <td>{r.node}</td>
        <td>
          <Side s={r.a} />
        </td>
        <td>
          <Side s={r.b} />
        </td>
        <td>
          <DeltaText d={r.tokens} />
        </td>
        <td>
          <DeltaText d={r.latency_ms} format={msText} />
        </td>
        <td>
          <DeltaText d={r.cost_usd} format={usd} />
        </td>
      </tr>
      {(r.prompt_diff || r.output_diff || r.tools_differ) && (
        <tr data-testid="compare-row-details">
          <td />
          <td colSpan={6}>
            {r.prompt_diff && (
              <details>
                <summary>Prompt differs</summary>
                <TextDiff changes={r.prompt_diff} testId="prompt-diff" />
              </details>
            )}
            {r.output_diff && (
              <>
                <div>Output</div>
                <TextDiff changes={r.output_diff} testId="output-diff" />
              </>
            )}
            {r.tools_differ && (
              <details>
                <summary>Tool calls differ</summary>
                <TextDiff changes={[{ value: JSON.stringify(r.a?.tool_calls ?? [], null, 2), removed: true }, { value: '\n' }, { value: JSON.stringify(r.b?.tool_calls ?? [], null, 2), added: true }]} />
              </details>
            )}
          </td>
        </tr>
      )}
    </>
  );
}

function RunHead({ label, run }: { label: string; run: RunView }) {
  const lineage = lineageLabel(run);
  return (
    <div data-testid={`compare-run-${label.toLowerCase()}`}>
      <strong>{label}</strong>{' '}
      <a href={`/runs/${encodeURIComponent(run.id)}`}>{run.id}</a> · {run.status} · {new Date(run.created_at).toLocaleString()}
      {lineage && <span className={t.lineage}> · {lineage}</span>}
    </div>
  );
}

export function RunCompareView({ diff }: { diff: RunDiffResponse }) {
  const first = diff.first_difference;
  return (
    <div data-testid="run-compare">
      <RunHead label="A" run={diff.a} />
      <RunHead label="B" run={diff.b} />
      <div className={t.totals}>
        <span>
          Tokens <DeltaText d={diff.totals.tokens} testId="compare-tokens" />
        </span>
        <span>
          Model calls <DeltaText d={diff.totals.model_calls} />
        </span>
        <span>
          Duration <DeltaText d={diff.totals.latency_ms} format={msText} />
        </span>
        <span>
          Cost <DeltaText d={diff.totals.cost_usd} format={usd} />
        </span>
      </div>
      <p data-testid="compare-first-difference">{first ? `First difference: step ${first.step}, node ${first.node}` : 'The two runs did the same.'}</p>
      <div>Answer</div>
      <TextDiff changes={diff.output_diff} testId="compare-output-diff" />
      <table className={t.compareTable}>
        <thead>
          <tr>
            <th>Step</th>
            <th>Node</th>
            <th>A</th>
            <th>B</th>
            <th>Tokens</th>
            <th>Latency</th>
            <th>Cost</th>
          </tr>
        </thead>
        <tbody>
          {diff.rows.map((r) => (
            <Row key={`${r.step}:${r.node}`} r={r} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Two runs side by side (GET /api/runs/diff), aligned by step and node. */
export function RunCompare({ a, b }: { a: string; b: string }) {
  const q = useRunDiff(a, b);
  if (!a || !b) return <p>Pick two runs to compare: /runs/compare?a=&lt;run id&gt;&amp;b=&lt;run id&gt; (or tick two runs in a graph’s Run → History).</p>;
  if (q.isPending) return <p>Comparing…</p>;
  if (q.isError)
    return (
      <p role="alert" data-testid="compare-error">
        Could not compare the runs: {q.error instanceof ApiError ? q.error.message : String(q.error)}
      </p>
    );
  return <RunCompareView diff={q.data} />;
}
