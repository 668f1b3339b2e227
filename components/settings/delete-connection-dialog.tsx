'use client';
/** Confirms deleting a saved connection. */
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { ConnectionView } from '@/lib/contracts/connections';
import { useDeleteConnection } from './use-connections';
import s from './settings.module.css';

export function DeleteConnectionDialog({ target, onClose, onDeleted }: { target: ConnectionView | null; onClose(): void; onDeleted(name: string): void }) {
  const del = useDeleteConnection();
  const close = () => {
    del.reset();
    onClose();
  };
  return (
    <Dialog
      open={target !== null}
      onClose={close}
      title={target ? `Delete “${target.name}”?` : 'Delete connection'}
      data-testid="delete-connection-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={del.isPending}
            data-testid="delete-connection-confirm"
            onClick={() => {
              if (!target) return;
              del.mutate(target.name, {
                onSuccess: () => {
                  del.reset();
                  onDeleted(target.name);
                },
              });
            }}
          >
            Delete connection
          </Button>
        </>
      }
    >
      <p className={s.dialogText}>
        Its key is deleted with it. Graphs that use <code>connection: {target?.name}</code> cannot run until a connection of that name exists
        again.
      </p>
      {del.error ? (
        <p className={s.errorText} role="alert" data-testid="delete-connection-error">
          {(del.error as Error).message}
        </p>
      ) : null}
    </Dialog>
  );
}
