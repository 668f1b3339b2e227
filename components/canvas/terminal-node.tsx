'use client';
/** START (one outgoing handle) and END (one incoming handle). */
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useEditor } from '@/components/editor/state/context';
import type { TerminalNode } from '@/components/editor/state/types';
import { ProblemBadge } from './problem-badge';

function TerminalNodeView({ id, data, selected }: NodeProps<TerminalNode>) {
  const badge = useEditor((s) => s.problems.byNode[id]);
  const isStart = data.terminal === 'START';
  return (
    <div className={`sy-terminal ${isStart ? 'is-start' : 'is-end'} ${selected ? 'is-selected' : ''}`} data-testid={`node-${id}`}>
      {!isStart && <Handle type="target" position={Position.Top} className="sy-handle" data-testid={`handle-in-${id}`} />}
      <span className="sy-terminal-dot" aria-hidden />
      {data.terminal}
      <ProblemBadge badge={badge} testId={`node-badge-${id}`} />
      {isStart && <Handle type="source" position={Position.Bottom} className="sy-handle" data-testid={`handle-out-${id}`} />}
    </div>
  );
}

export const TerminalNodeComponent = memo(TerminalNodeView);
