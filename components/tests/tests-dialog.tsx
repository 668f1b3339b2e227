'use client';
/**
 * The graph's tests (issue 13): its *.test.yaml text (kept beside the graph on the server), Save,
 * and Run, which runs the text in the box on scripted replies (no model is called) and shows
 * pass/fail per test and per assertion. Problems of the YAML are listed with their line.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/contracts/client';
import type { GraphTestRunResponse } from '@/lib/contracts/graph-tests';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { fetchGraphTests, runGraphTests, saveGraphTests } from './api';
import { TestResults } from './test-results';
import s from './tests.module.css';

type Busy = 'loading' | 'saving' | 'running' | null;

function problemsOf(err: unknown): string[] {
  if (!(err instanceof ApiError)) return [String(err)];
  const details = err.details as { errors?: { line?: number; col?: number; path?: string; message: string }[] } | undefined;
  const list = details?.errors ?? err.problems;
  return list.length ? list.map((p) => `${p.line ? `line ${p.line}:${p.col ?? 1} ` : ''}${p.path ? `${p.path}: ` : ''}${p.message}`) : [err.message];
}

export function TestsDialog({ graphId, open, onClose }: { graphId: string; open: boolean; onClose(): void }) {
  const [yaml, setYaml] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [run, setRun] = useState<GraphTestRunResponse | null>(null);

  useEffect(() => {
    if (!open) return;
    const ctl = new AbortController();
    setBusy('loading');
    fetchGraphTests(graphId, ctl.signal)
      .then((t) => {
        setYaml(t.yaml);
        setSaved(t.stored ? t.yaml : null);
        setErrors([]);
      })
      .catch((err: unknown) => !ctl.signal.aborted && setErrors(problemsOf(err)))
      .finally(() => !ctl.signal.aborted && setBusy(null));
    return () => ctl.abort();
  }, [graphId, open]);

  const act = async (what: 'saving' | 'running') => {
    setBusy(what);
    setErrors([]);
    try {
      if (what === 'saving') setSaved((await saveGraphTests(graphId, yaml)).yaml);
      else setRun(await runGraphTests(graphId, yaml));
    } catch (err) {
      setErrors(problemsOf(err));
    } finally {
      setBusy(null);
    }
  };

  const dirty = saved !== yaml;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title="Tests"
      description="Tests of this graph: scripted model replies per node, tool stubs and CEL assertions over output, state, usage and trace (Docs › Graph tests)."
      data-testid="tests-dialog"
      footer={
        <>
          <span className={s.state}>{busy === 'loading' ? 'Loading…' : dirty ? 'Not saved' : 'Saved'}</span>
          <Button onClick={() => void act('saving')} disabled={!!busy || !dirty} data-testid="tests-save">
            Save
          </Button>
          <Button variant="primary" onClick={() => void act('running')} disabled={!!busy} data-testid="tests-run">
            {busy === 'running' ? 'Running…' : 'Run tests'}
          </Button>
        </>
      }
    >
      <label className={s.label} htmlFor="graph-tests-yaml">
        Test file (YAML)
      </label>
      <textarea id="graph-tests-yaml" className={s.editor} value={yaml} spellCheck={false} onChange={(e) => setYaml(e.target.value)} data-testid="tests-yaml" rows={16} />
      {errors.length > 0 && (
        <ul className={s.errors} role="alert" data-testid="tests-errors">
          {errors.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      )}
      {run && <TestResults run={run} />}
    </Dialog>
  );
}
