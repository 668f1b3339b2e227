'use client';
/** Confirms deleting a graph (its saved versions and its runs; active runs are cancelled first). */
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { GraphSummary } from '@/lib/contracts/graphs';
import { plural } from './format';
import { useDeleteGraph } from './use-graphs';

export function DeleteGraphDialog({ graph, onClose, onDeleted }: { graph: GraphSummary | null; onClose(): void; onDeleted(name: string): void }) {
  const del = useDeleteGraph();
  return (
    <Dialog
      open={graph !== null}
      onClose={onClose}
      title={graph ? `Delete “${graph.name}”?` : 'Delete graph'}
      data-testid="delete-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={del.isPending}
            data-testid="delete-confirm"
            onClick={() => {
              if (!graph) return;
              del.mutate(graph.id, { onSuccess: () => onDeleted(graph.name) });
            }}
          >
            Delete graph
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>
        This deletes the graph and its {graph ? plural(graph.version, 'saved version') : 'saved versions'}, together with its runs and their
        traces. Runs still going are cancelled first. It cannot be undone — export it first if you may want it back.
      </p>
      {del.error ? <p style={{ color: 'var(--danger)' }}>{(del.error as Error).message}</p> : null}
    </Dialog>
  );
}
