'use client';
/**
 * The canvas card of a graph node: role glyph and colour, name, strategy, model, tools as chips,
 * problems badge. Memoized; reads only its own problems from the store. All user text is React text.
 */
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo, type CSSProperties } from 'react';
import { useBreakpoint, useNodeRunStatus, useToggleBreakpoint } from '@/components/debug/run-store';
import { useEditor } from '@/components/editor/state/context';
import type { RoleNode } from '@/components/editor/state/types';
import { ROLES, cardSummary } from '@/lib/graph/roles';
import { ProblemBadge } from './problem-badge';

const MAX_CHIPS = 4;

function RoleNodeView({ id, data, selected }: NodeProps<RoleNode>) {
  const badge = useEditor((s) => s.problems.byNode[id]);
  const runStatus = useNodeRunStatus(id);
  const breakpoint = useBreakpoint(id);
  const toggleBreakpoint = useToggleBreakpoint();
  const meta = ROLES[data.role];
  const { detail, model, chips } = cardSummary(data);
  const style = { '--node-color': `var(${meta.colorVar}, ${meta.fallbackColor})` } as CSSProperties;
  const state = badge?.errors.length ? 'error' : badge?.warnings.length ? 'warning' : 'ok';
  return (
    <div
      className={`sy-node ${selected ? 'is-selected' : ''}`}
      data-state={state}
      style={style}
      data-testid={`node-${id}`}
      data-role={data.role}
      data-run-status={runStatus}
      data-breakpoint={breakpoint || undefined}
    >
      <Handle type="target" position={Position.Top} className="sy-handle" data-testid={`handle-in-${id}`} />
      <div className="sy-node-head">
        <span className="sy-node-glyph" aria-hidden>
          {meta.glyph}
        </span>
        <div className="sy-node-titles">
          <div className="sy-node-title" data-testid={`node-title-${id}`}>
            {data.label || id}
          </div>
          <div className="sy-node-sub">
            {meta.label}
            {data.label && <span className="sy-node-id"> · {id}</span>}
          </div>
        </div>
        <ProblemBadge badge={badge} testId={`node-badge-${id}`} />
        <button
          type="button"
          className={`sy-bp nodrag ${breakpoint ? 'is-on' : ''}`}
          aria-pressed={breakpoint}
          aria-label={breakpoint ? `Remove the breakpoint on ${id}` : `Pause runs before ${id}`}
          title={breakpoint ? 'Breakpoint: runs pause before this node (click to remove)' : 'Set a breakpoint'}
          data-testid={`breakpoint-${id}`}
          onClick={(e) => {
            e.stopPropagation();
            toggleBreakpoint(id);
          }}
        />
      </div>
      {(detail || model) && (
        <div className="sy-node-meta">
          {detail && <span className="sy-node-detail">{detail}</span>}
          {model && <span className="sy-chip sy-chip-model" title={`model: ${model}`}>{model}</span>}
        </div>
      )}
      {chips.length > 0 && (
        <div className="sy-node-chips">
          {chips.slice(0, MAX_CHIPS).map((c, i) => (
            <span className="sy-chip" key={`${c}-${i}`}>
              {c}
            </span>
          ))}
          {chips.length > MAX_CHIPS && <span className="sy-chip sy-chip-more">+{chips.length - MAX_CHIPS}</span>}
        </div>
      )}
      <Handle type="source" position={Position.Bottom} className="sy-handle" data-testid={`handle-out-${id}`} />
    </div>
  );
}

export const RoleNodeComponent = memo(RoleNodeView);
