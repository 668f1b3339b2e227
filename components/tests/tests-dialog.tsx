'use client';
/**
 * The graph's tests (issue 13) as a dialog, opened from the editor header's Tests button; the run
 * panel's Tests tab shows the same (tests-pane.tsx). State: use-graph-tests.ts.
 */
import { Dialog } from '@/components/ui/dialog';
import { TestsActions, TestsBody } from './tests-pane';
import type { GraphTests } from './use-graph-tests';

export function TestsDialog({ tests, open, onClose }: { tests: GraphTests; open: boolean; onClose(): void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title="Tests"
      description="Tests of this graph: scripted model replies per node, tool stubs and CEL assertions over output, state, usage and trace (Docs › Graph tests)."
      data-testid="tests-dialog"
      footer={<TestsActions t={tests} />}
    >
      <TestsBody t={tests} id="graph-tests-yaml" />
    </Dialog>
  );
}
