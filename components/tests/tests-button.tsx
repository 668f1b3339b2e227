'use client';
/** "Tests" for the editor header: opens the graph's tests; after a run it shows the pass/fail counts. */
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { testsBadge, useGraphTests } from './use-graph-tests';
import s from './tests.module.css';

// Loaded on the first click: not part of the editor's first load.
const TestsDialog = dynamic(() => import('./tests-dialog').then((m) => m.TestsDialog), { ssr: false });

export function TestsButton({ graphId, className = 'sy-btn' }: { graphId: string; className?: string }) {
  const [open, setOpen] = useState(false);
  // The dialog is mounted from the first opening on (it keeps its state while closed, as before).
  const [wanted, setWanted] = useState(false);
  const show = () => {
    setWanted(true);
    setOpen(true);
  };
  const tests = useGraphTests(graphId, open);
  const badge = testsBadge(tests.run);
  return (
    <>
      <button type="button" className={className} data-testid="tests-open" title="Tests of this graph (scripted replies, CEL assertions)" onClick={show}>
        Tests
        {badge && (
          <span className={s.badge} data-failed={!!tests.run?.failed || undefined} data-testid="tests-badge">
            {badge}
          </span>
        )}
      </button>
      {wanted && <TestsDialog tests={tests} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
