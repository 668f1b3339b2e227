'use client';
/**
 * Edges: plain = solid; a branch of a conditional edge = dashed, numbered in the order branches are
 * tried ("1", "2", "else"), labelled with its condition, red with the CEL error when it does not compile.
 */
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import { memo } from 'react';
import { useEdgeRun } from '@/components/debug/run-store';
import { useEditor, useEditorStore } from '@/components/editor/state/context';
import type { EditorEdge } from '@/components/editor/state/types';
import { useCelError } from '@/components/editor/use-cel-error';

const MAX_LABEL = 48;
const clip = (s: string) => (s.length > MAX_LABEL ? `${s.slice(0, MAX_LABEL - 1)}…` : s);

/**
 * An edge going back up (a loop): around the right of both nodes instead of through them, so it and
 * its label never sit on top of the forward edge between the same nodes.
 */
function loopBackPath(sx: number, sy: number, tx: number, ty: number, lane: number): [string, number, number] {
  // Far enough right that a centred label (at most 240px wide) stays clear of the forward edge.
  const out = Math.max(sx, tx) + 190 + lane * 36;
  const drop = 44;
  const midY = (sy + ty) / 2;
  const path = [
    `M ${sx},${sy}`,
    `C ${sx},${sy + drop} ${out},${sy + drop} ${out},${midY}`,
    `C ${out},${ty - drop} ${tx},${ty - drop} ${tx},${ty}`,
  ].join(' ');
  return [path, out, midY];
}

function FlowEdgeView(props: EdgeProps<EditorEdge>) {
  const { id, source, target, data, selected, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, markerEnd } = props;
  const badge = useEditor((s) => s.problems.byEdge[id]);
  const store = useEditorStore();
  const run = useEdgeRun(source, target);
  const [path, labelX, labelY] =
    targetY < sourceY + 24
      ? loopBackPath(sourceX, sourceY, targetX, targetY, data?.kind === 'branch' ? data.index : 0)
      : getBezierPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition });
  const branch = data?.kind === 'branch' ? data : null;
  const when = branch && !branch.else ? (branch.when ?? '') : null;
  const compileError = useCelError(when);
  const celError = when === null ? null : !when.trim() ? 'condition is empty' : compileError;
  const hasError = !!celError || !!badge?.errors.length;
  const hasWarning = !hasError && !!badge?.warnings.length;
  const cls = ['sy-edge', branch ? 'is-branch' : 'is-plain', hasError ? 'has-error' : '', hasWarning ? 'has-warning' : '', selected ? 'is-selected' : '', run ? 'taken' : '', run?.latest ? 'is-latest' : '']
    .filter(Boolean)
    .join(' ');
  const plainLabel = data?.kind === 'plain' ? data.label : undefined;
  const problems = [celError, ...(badge?.errors ?? []), ...(badge?.warnings ?? [])].filter(Boolean).join('\n');

  return (
    <>
      <g data-run-taken={run ? 'true' : undefined} data-run-latest={run?.latest ? 'true' : undefined}>
        <BaseEdge id={id} path={path} markerEnd={markerEnd} className={cls} interactionWidth={18} />
      </g>
      {(branch || plainLabel || hasError || hasWarning) && (
        <EdgeLabelRenderer>
          <div
            className={`sy-edge-label nodrag nopan ${cls}`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            data-testid={`edge-label-${id}`}
            data-source={source}
            data-target={target}
            title={problems || undefined}
            onClick={() => store.getState().select({ edges: [id] })}
          >
            {branch && (
              <span className="sy-edge-order" data-testid="edge-order">
                {branch.else ? 'else' : branch.index + 1}
              </span>
            )}
            {when !== null && when.trim() && (
              <code className="sy-edge-cond" data-testid="edge-condition">
                {clip(when)}
              </code>
            )}
            {branch?.label && <span className="sy-edge-text">{clip(branch.label)}</span>}
            {plainLabel && <span className="sy-edge-text">{clip(plainLabel)}</span>}
            {celError && (
              <span className="sy-edge-error" data-testid="edge-error">
                {clip(celError)}
              </span>
            )}
            {!celError && hasError && (
              <span className="sy-edge-error" data-testid="edge-error">
                {clip(badge!.errors[0])}
              </span>
            )}
            {hasWarning && <span className="sy-edge-warn" data-testid="edge-warning">⚠</span>}
            {run && branch && (
              <span className="sy-edge-run" data-testid="edge-run" title={run.reason ?? run.condition}>
                taken ×{run.count}
              </span>
            )}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

export const FlowEdgeComponent = memo(FlowEdgeView);
