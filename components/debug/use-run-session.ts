/**
 * The panel's run actions over the run store: start, stop, resume, replay from history, and when
 * to follow the SSE stream (a live or paused run) versus show stored events (a finished one).
 */
'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ResumeValue } from '@/lib/contracts/trace';
import { fetchRun, useCancelRun, useResumeRun, useStartRun } from './run-api';
import { loadRunInto } from './run-reducer';
import { isTerminal } from './run-view';
import { runInputText } from './run-input';
import { useRunStore, useRunStoreApi } from './run-store';
import { useRunStream } from './use-run-stream';

export function useRunSession(graphId: string | undefined, initialRunId?: string) {
  const store = useRunStoreApi();
  const qc = useQueryClient();
  const runId = useRunStore((s) => s.runId);
  const status = useRunStore((s) => s.status);
  const [follow, setFollow] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** The stored run's status when its events cannot tell (a run cut off by a server restart). */
  const [recordStatus, setRecordStatus] = useState<string | null>(null);
  /** The input of the run last opened from the history or the URL (a new object per opening). */
  const [opened, setOpened] = useState<{ input: string } | null>(null);
  const start = useStartRun(graphId);
  const cancel = useCancelRun();
  const resume = useResumeRun();
  const stream = useRunStream(runId, follow && !isTerminal(status));

  const replay = useCallback(
    async (id: string) => {
      setLoadError(null);
      setFollow(false);
      setRecordStatus(null);
      store.getState().setRun(id);
      try {
        const { run, events } = await fetchRun(id);
        if (store.getState().runId !== id) return;
        loadRunInto(store, id, events);
        setRecordStatus(run.status);
        setOpened({ input: runInputText(run) });
        setFollow(!isTerminal(run.status) && run.status !== 'interrupted');
        return run;
      } catch (err) {
        setLoadError(`Could not load run ${id}: ${(err as Error).message}`);
      }
    },
    [store],
  );

  const loaded = useRef<string | null>(null);
  useEffect(() => {
    if (initialRunId && loaded.current !== initialRunId) {
      loaded.current = initialRunId;
      void replay(initialRunId);
    }
  }, [initialRunId, replay]);

  // A run that just ended shows up in the history with its final status.
  useEffect(() => {
    if (isTerminal(status) || status === 'paused') void qc.invalidateQueries({ queryKey: ['runs', 'history'] });
  }, [status, qc]);

  const run = useCallback(
    (body: { input: string; inputs?: Record<string, unknown>; connection_override?: 'demo' }) => {
      start.mutate(
        { ...body, breakpoints: store.getState().breakpoints },
        {
          onSuccess: (id) => {
            store.getState().setRun(id);
            setRecordStatus(null);
            setFollow(true);
          },
        },
      );
    },
    [start, store],
  );

  const stop = useCallback(() => {
    const id = store.getState().runId;
    if (id) cancel.mutate(id);
  }, [cancel, store]);

  const resumeWith = useCallback(
    (value: ResumeValue) => {
      const id = store.getState().runId;
      if (!id) return;
      resume.mutate(
        { runId: id, value },
        {
          onSuccess: () => {
            setRecordStatus(null);
            setFollow(true);
          },
        },
      );
    },
    [resume, store],
  );

  // A run the server marked interrupted (restart) shows as such until it is resumed.
  const interrupted = recordStatus === 'interrupted' && !isTerminal(status) && status !== 'paused';
  return {
    runId,
    status: interrupted ? ('interrupted' as const) : status,
    stream,
    opened,
    replay,
    run,
    stop,
    resume: resumeWith,
    starting: start.isPending,
    stopping: cancel.isPending,
    resuming: resume.isPending,
    error: loadError ?? start.error?.message ?? cancel.error?.message ?? null,
    resumeError: resume.error?.message ?? null,
  };
}
