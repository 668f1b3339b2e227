'use client';

import { memo, type CSSProperties } from 'react';
import type { TimelineRow } from './timeline-tree';
import { ms } from './details-parts';
import { costTitle, formatCost, rowCost } from './cost';
import s from './debug.module.css';

const KIND_LABEL: Record<TimelineRow['kind'], string> = {
  run: 'run',
  node: 'node',
  llm: 'model',
  tool: 'tool',
  memory: 'memory',
  edge: 'branch',
  state: 'state',
  interrupt: 'pause',
  resume: 'resume',
  guard: 'guard',
  other: 'event',
  unknown: 'unknown',
};

interface Props {
  row: TimelineRow;
  depth: number;
  hasChildren: boolean;
  collapsed: boolean;
  selected: boolean;
  t0: number;
  tokensIn: number;
  tokensOut: number;
  version: number;
  onSelect(id: string): void;
  onToggle(id: string): void;
}

/**
 * One timeline row: name (indented by span depth), kind, tokens and cost, duration and a waterfall bar.
 * The bar's geometry is CSS variables relative to the container's --total, so rows re-render
 * only when their own data changes (memo on `version`), not when the run gets longer.
 */
function RowView({ row, depth, hasChildren, collapsed, selected, t0, onSelect, onToggle }: Props) {
  const running = row.end === null;
  const style = {
    '--depth': depth,
    '--s': Math.max(0, row.start - t0),
    '--d': running ? 0 : Math.max(0, (row.end ?? row.start) - row.start),
  } as CSSProperties;
  const tokens = row.tokensIn + row.tokensOut;
  // Model calls and nodes that made one show their cost (cost.ts); other rows show none.
  const priced = row.kind === 'llm' || (row.kind === 'node' && !running);
  const cost = priced ? rowCost(row.kind, row.events) : undefined;
  return (
    <div
      role="treeitem"
      aria-selected={selected}
      aria-expanded={hasChildren ? !collapsed : undefined}
      aria-level={depth + 1}
      tabIndex={selected ? 0 : -1}
      className={s.row}
      style={style}
      data-testid="timeline-row"
      data-kind={row.kind}
      data-status={row.status}
      data-node={row.node}
      data-selected={selected || undefined}
      onClick={() => onSelect(row.id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onSelect(row.id);
        } else if ((e.key === 'ArrowLeft' && !collapsed) || (e.key === 'ArrowRight' && collapsed)) {
          if (hasChildren) onToggle(row.id);
        }
      }}
    >
      <div className={s.rowName}>
        {hasChildren ? (
          <button
            type="button"
            className={s.caret}
            aria-label={collapsed ? 'Expand' : 'Collapse'}
            onClick={(e) => {
              e.stopPropagation();
              onToggle(row.id);
            }}
          >
            {collapsed ? '▸' : '▾'}
          </button>
        ) : (
          <span className={s.caretSpace} />
        )}
        <span className={s.statusDot} data-status={row.status} />
        <span className={s.kind} data-kind={row.kind}>
          {KIND_LABEL[row.kind]}
        </span>
        <span className={s.label} data-testid="row-label" title={row.label}>
          {row.label}
        </span>
        {row.role && row.kind === 'node' && <span className={s.role}>{[row.role, row.strategy].filter(Boolean).join(' · ')}</span>}
      </div>
      <div className={s.rowTokens}>
        {tokens ? tokens.toLocaleString() : ''}
        {priced && tokens > 0 && (
          <span className={s.rowCost} data-testid="row-cost" title={costTitle(cost)}>
            {formatCost(cost)}
          </span>
        )}
      </div>
      <div className={s.rowDur}>{running ? '…' : row.kind === 'edge' || row.kind === 'state' || row.kind === 'interrupt' || row.kind === 'resume' || row.kind === 'guard' || row.kind === 'unknown' ? '' : ms((row.end ?? row.start) - row.start)}</div>
      <div className={s.rowBar}>
        <span className={s.bar} data-running={running || undefined} data-kind={row.kind} />
      </div>
      {row.kind === 'llm' && row.text && (
        <pre className={s.rowText} data-testid="row-text">
          {row.text}
        </pre>
      )}
    </div>
  );
}

export const TimelineRowView = memo(
  RowView,
  (a, b) =>
    a.row.id === b.row.id &&
    a.version === b.version &&
    a.tokensIn === b.tokensIn &&
    a.tokensOut === b.tokensOut &&
    a.depth === b.depth &&
    a.hasChildren === b.hasChildren &&
    a.collapsed === b.collapsed &&
    a.selected === b.selected &&
    a.t0 === b.t0 &&
    a.onSelect === b.onSelect &&
    a.onToggle === b.onToggle,
);
