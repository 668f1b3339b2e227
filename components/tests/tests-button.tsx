'use client';
/** "Tests" for the editor header: opens the graph's tests (run them, see pass/fail per assertion). */
import { useState } from 'react';
import { TestsDialog } from './tests-dialog';

export function TestsButton({ graphId, className = 'sy-btn' }: { graphId: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} data-testid="tests-open" title="Tests of this graph (scripted replies, CEL assertions)" onClick={() => setOpen(true)}>
        Tests
      </button>
      <TestsDialog graphId={graphId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
