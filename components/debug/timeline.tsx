'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { Timeline } from './timeline-tree';
import { visibleRows } from './timeline-tree';
import { TYPE_GROUPS, typesOf } from './timeline-filters';
import { TimelineRowView } from './timeline-row';
import s from './debug.module.css';

function toggle<T>(set: ReadonlySet<T>, v: T): Set<T> {
  const n = new Set(set);
  if (n.has(v)) n.delete(v);
  else n.add(v);
  return n;
}

/** The trace timeline: filters by node and event type, nested rows, waterfall of durations. */
export function TimelineView({
  timeline,
  nodes,
  selectedId,
  onSelect,
}: {
  timeline: Timeline;
  nodes: string[];
  selectedId: string | null;
  onSelect(id: string): void;
}) {
  const [nodeFilter, setNodeFilter] = useState<ReadonlySet<string>>(new Set());
  const [typeFilter, setTypeFilter] = useState<ReadonlySet<string>>(new Set());
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const onToggle = useCallback((id: string) => setCollapsed((c) => toggle(c, id)), []);
  const rows = useMemo(
    () => visibleRows(timeline, { nodes: nodeFilter, types: typesOf(typeFilter) }, collapsed),
    [timeline, nodeFilter, typeFilter, collapsed],
  );
  const total = Math.max(1, timeline.tLast - timeline.t0);
  const listRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  // Follow the end of a live trace while the user is at the bottom.
  useEffect(() => {
    const el = listRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [rows.length, timeline.tLast]);

  return (
    <div className={s.timeline}>
      <div className={s.filters} data-testid="timeline-filters">
        <div className={s.chips} role="group" aria-label="Filter by node">
          <span className={s.filterLabel}>Node</span>
          {nodes.map((n) => (
            <button
              key={n}
              type="button"
              className={s.chip}
              aria-pressed={nodeFilter.has(n)}
              data-testid="filter-node"
              onClick={() => setNodeFilter((f) => toggle(f, n))}
            >
              {n}
            </button>
          ))}
        </div>
        <div className={s.chips} role="group" aria-label="Filter by event type">
          <span className={s.filterLabel}>Type</span>
          {TYPE_GROUPS.map((g) => (
            <button
              key={g.id}
              type="button"
              className={s.chip}
              aria-pressed={typeFilter.has(g.id)}
              data-testid={`filter-type-${g.id}`}
              onClick={() => setTypeFilter((f) => toggle(f, g.id))}
            >
              {g.label}
            </button>
          ))}
          {(nodeFilter.size > 0 || typeFilter.size > 0) && (
            <button
              type="button"
              className={s.linkButton}
              onClick={() => {
                setNodeFilter(new Set());
                setTypeFilter(new Set());
              }}
            >
              Clear filters
            </button>
          )}
        </div>
      </div>
      <div className={s.rowHead} aria-hidden>
        <span>Step</span>
        <span>Tokens</span>
        <span>Time</span>
        <span>Waterfall</span>
      </div>
      <div
        ref={listRef}
        role="tree"
        aria-label="Run trace"
        className={s.rows}
        data-testid="timeline"
        style={{ '--total': total, '--now': timeline.tLast - timeline.t0 } as CSSProperties}
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {rows.length === 0 && <p className={s.muted}>{timeline.rows.size ? 'No step matches the filters.' : 'No events yet.'}</p>}
        {rows.map(({ row, depth, hasChildren }) => (
          <TimelineRowView
            key={row.id}
            row={row}
            depth={depth}
            hasChildren={hasChildren}
            collapsed={collapsed.has(row.id)}
            selected={row.id === selectedId}
            t0={timeline.t0}
            tokensIn={row.tokensIn}
            tokensOut={row.tokensOut}
            version={row.version + row.text.length}
            onSelect={onSelect}
            onToggle={onToggle}
          />
        ))}
      </div>
    </div>
  );
}
