'use client';
/** "History" for the editor header: opens the version history of the graph. */
import { useState } from 'react';
import type { RestoreVersionResponse } from '@/lib/contracts/graph-versions';
import { VersionHistoryDialog } from './version-history-dialog';

export function VersionHistoryButton({ graphId, onRestored, className = 'sy-btn' }: { graphId: string; onRestored(record: RestoreVersionResponse): void; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} data-testid="version-history-open" title="Saved versions of this graph" onClick={() => setOpen(true)}>
        History
      </button>
      <VersionHistoryDialog
        graphId={graphId}
        open={open}
        onClose={() => setOpen(false)}
        onRestored={(record) => {
          setOpen(false);
          onRestored(record);
        }}
      />
    </>
  );
}
