/**
 * One superstep's abort controller, chained to the run's signal: it aborts when the run does
 * (cancel, timeout) and when one node of the step fails, so that the node's siblings stop their
 * model and tool calls instead of running on for a step whose result is thrown away.
 */
export interface StepAbort {
  signal: AbortSignal;
  /** Aborts the step (once; later calls keep the first reason). */
  abort(reason: Error): void;
  /** Unhooks from the parent signal (call when the step is over). */
  dispose(): void;
}

export function stepAbort(parent: AbortSignal): StepAbort {
  const ctl = new AbortController();
  const onParent = () => ctl.abort(parent.reason);
  if (parent.aborted) onParent();
  else parent.addEventListener('abort', onParent, { once: true });
  return {
    signal: ctl.signal,
    abort: (reason) => {
      if (!ctl.signal.aborted) ctl.abort(reason);
    },
    dispose: () => parent.removeEventListener('abort', onParent),
  };
}
