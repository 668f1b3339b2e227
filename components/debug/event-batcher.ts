/**
 * Buffers incoming items and hands them over in one batch per animation frame, so a burst of
 * thousands of SSE messages costs one store update (and one React render) per frame instead of
 * one per message. A timer backs the frame up: hidden tabs do not run animation frames.
 */
export interface Scheduler {
  request(cb: () => void): () => void;
}

export const frameScheduler: Scheduler = {
  request(cb) {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      cancelAnimationFrame(raf);
      clearTimeout(timer);
      cb();
    };
    const raf = requestAnimationFrame(run);
    const timer = setTimeout(run, 250);
    return () => {
      done = true;
      cancelAnimationFrame(raf);
      clearTimeout(timer);
    };
  },
};

export interface Batcher<T> {
  push(item: T): void;
  /** Deliver whatever is buffered now (e.g. before closing the stream). */
  flush(): void;
  /** Drop the buffer and any pending frame. */
  dispose(): void;
}

/**
 * `maxPerFrame` caps one delivery: a burst (a replay of thousands of events arriving in one
 * network chunk) is spread over several frames so no single frame renders all of it.
 */
export function createBatcher<T>(deliver: (batch: T[]) => void, scheduler: Scheduler, maxPerFrame = Infinity): Batcher<T> {
  let buffer: T[] = [];
  let cancel: (() => void) | null = null;
  const onFrame = () => {
    cancel = null;
    if (buffer.length === 0) return;
    const batch = buffer.length > maxPerFrame ? buffer.splice(0, maxPerFrame) : buffer;
    if (batch === buffer) buffer = [];
    deliver(batch);
    if (buffer.length > 0 && !cancel) cancel = scheduler.request(onFrame);
  };
  const flush = () => {
    cancel?.();
    cancel = null;
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    deliver(batch);
  };
  return {
    push(item) {
      buffer.push(item);
      if (!cancel) cancel = scheduler.request(onFrame);
    },
    flush,
    dispose() {
      cancel?.();
      cancel = null;
      buffer = [];
    },
  };
}
