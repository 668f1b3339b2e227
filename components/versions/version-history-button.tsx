'use client';
/** "History" for the editor header: opens the version history of the graph. */
import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { RestoreVersionResponse } from '@/lib/contracts/graph-versions';

// Loaded on the first click: the dialog (list, compare, diff) is not part of the editor's first load.
const VersionHistoryDialog = dynamic(() => import('./version-history-dialog').then((m) => m.VersionHistoryDialog), { ssr: false });

export function VersionHistoryButton({ graphId, onRestored, className = 'sy-btn' }: { graphId: string; onRestored(record: RestoreVersionResponse): void; className?: string }) {
  const [open, setOpen] = useState(false);
  // The dialog is mounted from the first opening on (it keeps its state while closed, as before).
  const [wanted, setWanted] = useState(false);
  const show = () => {
    setWanted(true);
    setOpen(true);
  };
  return (
    <>
      <button type="button" className={className} data-testid="version-history-open" title="Saved versions of this graph" onClick={show}>
        History
      </button>
      {wanted && (
        <VersionHistoryDialog
          graphId={graphId}
          open={open}
          onClose={() => setOpen(false)}
          onRestored={(record) => {
            setOpen(false);
            onRestored(record);
          }}
        />
      )}
    </>
  );
}
