'use client';
/**
 * The graph's tests on screen: the test file, its problems and the last run's results
 * (`TestsBody`), and Save / Run tests (`TestsActions`). The run panel's Tests tab shows them in a
 * column (`TestsPane`); the header's dialog puts the actions in its footer.
 */
import { Button } from '@/components/ui/button';
import { TestResults } from './test-results';
import type { GraphTests } from './use-graph-tests';
import s from './tests.module.css';

export function TestsBody({ t, id }: { t: GraphTests; id: string }) {
  return (
    <>
      <label className={s.label} htmlFor={id}>
        Test file (YAML)
      </label>
      <textarea id={id} className={s.editor} value={t.yaml} spellCheck={false} onChange={(e) => t.setYaml(e.target.value)} data-testid="tests-yaml" rows={16} />
      {t.errors.length > 0 && (
        <ul className={s.errors} role="alert" data-testid="tests-errors">
          {t.errors.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      )}
      {t.run && <TestResults run={t.run} />}
    </>
  );
}

export function TestsActions({ t }: { t: GraphTests }) {
  return (
    <>
      <span className={s.state}>{t.busy === 'loading' ? 'Loading…' : t.dirty ? 'Not saved' : 'Saved'}</span>
      <Button onClick={() => void t.save()} disabled={!!t.busy || !t.dirty} data-testid="tests-save">
        Save
      </Button>
      <Button variant="primary" onClick={() => void t.runTests()} disabled={!!t.busy} data-testid="tests-run">
        {t.busy === 'running' ? 'Running…' : 'Run tests'}
      </Button>
    </>
  );
}

/** The run panel's Tests tab. */
export function TestsPane({ t }: { t: GraphTests }) {
  return (
    <div className={s.pane} data-testid="tests-pane">
      <p className={s.hint}>Scripted model replies per node, tool stubs and CEL assertions over output, state, usage and trace (Docs › Graph tests). No model is called.</p>
      <div className={s.actions}>
        <TestsActions t={t} />
      </div>
      <TestsBody t={t} id="graph-tests-yaml-tab" />
    </div>
  );
}
