'use client';
/**
 * The state behind the graph's tests, shared by the run panel's Tests tab and the header's Tests
 * dialog: the *.test.yaml text (loaded while `active`), Save, Run (the text in the box, on scripted
 * replies: no model is called) and the last run's results. Problems of the YAML carry their line.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/contracts/client';
import type { GraphTestRunResponse } from '@/lib/contracts/graph-tests';
import { fetchGraphTests, runGraphTests, saveGraphTests } from './api';

export type TestsBusy = 'loading' | 'saving' | 'running' | null;

export function problemsOf(err: unknown): string[] {
  if (!(err instanceof ApiError)) return [String(err)];
  const details = err.details as { errors?: { line?: number; col?: number; path?: string; message: string }[] } | undefined;
  const list = details?.errors ?? err.problems;
  return list.length ? list.map((p) => `${p.line ? `line ${p.line}:${p.col ?? 1} ` : ''}${p.path ? `${p.path}: ` : ''}${p.message}`) : [err.message];
}

/** "✓ 2 ✗ 1" after a run, for a tab or button label; empty before. */
export function testsBadge(run: Pick<GraphTestRunResponse, 'passed' | 'failed'> | null): string {
  return run ? `✓ ${run.passed}${run.failed ? ` ✗ ${run.failed}` : ''}` : '';
}

export interface GraphTests {
  yaml: string;
  setYaml(yaml: string): void;
  dirty: boolean;
  busy: TestsBusy;
  errors: string[];
  run: GraphTestRunResponse | null;
  save(): Promise<void>;
  runTests(): Promise<void>;
}

export function useGraphTests(graphId: string, active: boolean): GraphTests {
  const [yaml, setYaml] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState<TestsBusy>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [run, setRun] = useState<GraphTestRunResponse | null>(null);
  // Loaded once per graph: closing and reopening (a tab switch) keeps unsaved edits.
  const loaded = useRef<string | null>(null);

  useEffect(() => {
    if (!active || !graphId || loaded.current === graphId) return;
    const ctl = new AbortController();
    setBusy('loading');
    fetchGraphTests(graphId, ctl.signal)
      .then((t) => {
        loaded.current = graphId;
        setYaml(t.yaml);
        setSaved(t.stored ? t.yaml : null);
        setErrors([]);
      })
      .catch((err: unknown) => !ctl.signal.aborted && setErrors(problemsOf(err)))
      .finally(() => !ctl.signal.aborted && setBusy(null));
    return () => ctl.abort();
  }, [graphId, active]);

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

  return { yaml, setYaml, dirty: saved !== yaml, busy, errors, run, save: () => act('saving'), runTests: () => act('running') };
}
