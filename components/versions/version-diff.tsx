'use client';
/**
 * A line diff of two versions' YAML (computed by GET /api/graphs/:id/versions/diff): what changed in
 * nodes and edges on one line, then removed and added lines coloured, unchanged runs folded (click to show).
 */
import { useMemo, useState } from 'react';
import { diffStats, foldUnchanged, type DiffLine } from '@/lib/graph/diff-rows';
import s from './versions.module.css';

const SIGN = { same: ' ', add: '+', del: '−' } as const;
const OP_CLASS = { same: undefined, add: s.add, del: s.del } as const;

function Line({ l }: { l: DiffLine }) {
  return (
    <div className={[s.line, OP_CLASS[l.op]].filter(Boolean).join(' ')} data-testid="diff-line" data-op={l.op}>
      <span className={s.gutter} aria-hidden>
        {l.oldNo ?? ''}
      </span>
      <span className={s.gutter} aria-hidden>
        {l.newNo ?? ''}
      </span>
      <span className={s.sign} aria-label={l.op === 'same' ? undefined : l.op === 'add' ? 'added' : 'removed'}>
        {SIGN[l.op]}
      </span>
      <span className={s.text}>{l.text}</span>
    </div>
  );
}

export function VersionDiff({ lines, summary }: { lines: DiffLine[]; summary?: string }) {
  const rows = useMemo(() => foldUnchanged(lines), [lines]);
  const stats = diffStats(lines);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  return (
    <div className={s.diffWrap}>
      <p className={s.stats} data-testid="diff-stats">
        {stats.added || stats.removed ? (
          <>
            <span className={s.statAdd}>+{stats.added}</span> <span className={s.statDel}>−{stats.removed}</span> lines
          </>
        ) : (
          'No differences'
        )}
      </p>
      {summary ? (
        <p className={s.stats} data-testid="diff-summary">
          {summary}
        </p>
      ) : null}
      <pre className={s.code} data-testid="version-diff" tabIndex={0}>
        {rows.map((r, i) =>
          r.op !== 'fold' ? (
            <Line key={i} l={r} />
          ) : open.has(i) ? (
            r.lines.map((l, j) => <Line key={`${i}.${j}`} l={l} />)
          ) : (
            <button key={i} type="button" className={s.fold} data-testid="diff-fold" onClick={() => setOpen((o) => new Set(o).add(i))}>
              ⋯ {r.lines.length} unchanged lines
            </button>
          ),
        )}
      </pre>
    </div>
  );
}
