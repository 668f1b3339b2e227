'use client';
/** "Tests" for the editor header: opens the graph's tests; after a run it shows the pass/fail counts. */
import { useState } from 'react';
import { TestsDialog } from './tests-dialog';
import { testsBadge, useGraphTests } from './use-graph-tests';
import s from './tests.module.css';

export function TestsButton({ graphId, className = 'sy-btn' }: { graphId: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const tests = useGraphTests(graphId, open);
  const badge = testsBadge(tests.run);
  return (
    <>
      <button type="button" className={className} data-testid="tests-open" title="Tests of this graph (scripted replies, CEL assertions)" onClick={() => setOpen(true)}>
        Tests
        {badge && (
          <span className={s.badge} data-failed={!!tests.run?.failed || undefined} data-testid="tests-badge">
            {badge}
          </span>
        )}
      </button>
      <TestsDialog tests={tests} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
