'use client';
/**
 * Moves a graph to another workspace (POST /api/graphs/:id/move): its versions, runs, tests and
 * memory go with it; the YAML is unchanged. Only workspaces where the caller edits are offered (the
 * server checks editor in both, and refuses a name already taken there with 409).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { fetchWorkspaces, WORKSPACES_KEY } from '@/components/workspaces/api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import type { GraphSummary } from '@/lib/contracts/graphs';
import type { WorkspaceView } from '@/lib/contracts/workspaces';
import { useMoveGraph } from './use-graphs';

/** The workspaces a graph of `current` may move to: another one where the caller edits. */
export function moveTargets(workspaces: WorkspaceView[], current: string): WorkspaceView[] {
  return workspaces.filter((w) => w.id !== current && (w.role === 'editor' || w.role === 'admin'));
}

/** The workspaces the caller could move graphs to (empty while loading or when there is nowhere to go). */
export function useMoveTargets(): WorkspaceView[] {
  const list = useQuery({ queryKey: WORKSPACES_KEY, queryFn: ({ signal }) => fetchWorkspaces(signal) });
  return list.data ? moveTargets(list.data.workspaces, list.data.current) : [];
}

export function MoveGraphDialog({ graph, targets, onClose, onMoved }: { graph: GraphSummary | null; targets: WorkspaceView[]; onClose(): void; onMoved(name: string, to: WorkspaceView): void }) {
  const move = useMoveGraph();
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const to = targets.find((w) => w.id === chosen) ?? targets[0];
  const close = () => {
    move.reset();
    setChosen('');
    onClose();
  };
  return (
    <Dialog
      open={graph !== null}
      onClose={close}
      title={graph ? `Move “${graph.name}” to another workspace` : 'Move graph'}
      description="Its saved versions, runs, tests and memory move with it. Members of the other workspace see it there; members of this one no longer do."
      data-testid="move-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="primary"
            busy={move.isPending}
            disabled={!to}
            data-testid="move-confirm"
            onClick={() => {
              if (!graph || !to) return;
              move.mutate({ id: graph.id, workspace: to.id }, { onSuccess: () => { setChosen(''); onMoved(graph.name, to); } });
            }}
          >
            Move graph
          </Button>
        </>
      }
    >
      <Field label="Workspace" htmlFor={selectId} hint="Workspaces where you are an editor or admin." error={move.error ? (move.error as Error).message : null}>
        <select id={selectId} value={to?.id ?? ''} onChange={(e) => setChosen(e.target.value)} data-testid="move-target">
          {targets.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
      </Field>
    </Dialog>
  );
}
