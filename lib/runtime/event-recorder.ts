/**
 * The engine's event sink for one run: assigns the per-run `seq`, appends the event to run_events
 * (synchronously, with the status change it implies), then publishes it on the in-process bus.
 *
 * `llm.delta` events are the live token stream and are persisted too, but coalesced: consecutive
 * deltas of one span (and the same `answer` mark) are merged until ~`deltaChars` characters, another event, or `deltaMs` of
 * quiet, whichever comes first. Text is only ever concatenated, never dropped.
 */
import type { TraceEvent, TraceEventInput } from '@/lib/contracts/trace';
import { appendEvent, lastSeq, sumUsage } from '@/db/run-events';
import { inTransaction, updateRun } from '@/db/runs';
import { publish } from './event-bus';
import { runtimeState } from './globals';
import { runUpdateFor, TERMINAL_EVENT_TYPES } from './run-status';

export interface EventRecorder {
  emit(input: TraceEventInput): void;
  /** False once the process-wide runtime state this recorder belongs to was reset. */
  alive(): boolean;
  /** Writes any buffered delta now. */
  flush(): void;
  /** The seq of the last event written. */
  lastSeq(): number;
}

export interface RecorderOptions {
  runId: string;
  /** The last seq already recorded for this run (0 for a new run). */
  afterSeq: number;
  now?: () => Date;
  deltaChars?: number;
  deltaMs?: number;
}

interface PendingDelta {
  input: TraceEventInput;
  text: string;
  ts: string;
}

export function createEventRecorder(opts: RecorderOptions): EventRecorder {
  const now = opts.now ?? (() => new Date());
  const deltaChars = opts.deltaChars ?? 50;
  const deltaMs = opts.deltaMs ?? 40;
  // The process-wide state this recorder belongs to. After resetRuntimeState() (a simulated
  // restart in tests) the old run's recorder goes quiet, as if its process had died.
  const owner = runtimeState();
  let seq = opts.afterSeq;
  let pending: PendingDelta | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function write(input: TraceEventInput, ts: string): void {
    if (runtimeState() !== owner) return;
    const at = now();
    const event: TraceEvent = {
      seq: seq + 1,
      run_id: opts.runId,
      ts,
      type: input.type,
      step: input.step,
      span_id: input.span_id,
      data: input.data ?? {},
    };
    if (input.node !== undefined) event.node = input.node;
    if (input.parent_span_id !== undefined) event.parent_span_id = input.parent_span_id;
    inTransaction(() => {
      appendEvent(event);
      const update = runUpdateFor(event, at);
      if (update) {
        if (TERMINAL_EVENT_TYPES.has(event.type) || update.status === 'paused') update.usage = sumUsage(opts.runId);
        updateRun(opts.runId, update);
      }
    });
    seq = event.seq;
    publish(event);
  }

  function flush(): void {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const p = pending;
    if (!p) return;
    pending = null;
    write({ ...p.input, data: { ...p.input.data, text: p.text } }, p.ts);
  }

  function sameStream(a: TraceEventInput, b: TraceEventInput): boolean {
    // Answer text and other text (llm.delta `answer`) are never merged into one delta.
    return a.span_id === b.span_id && a.node === b.node && a.step === b.step && a.parent_span_id === b.parent_span_id && a.data.answer === b.data.answer;
  }

  return {
    emit(input) {
      const ts = input.ts ?? now().toISOString();
      if (input.type === 'llm.delta') {
        const text = typeof input.data?.text === 'string' ? input.data.text : '';
        if (pending && !sameStream(pending.input, input)) flush();
        if (!pending) pending = { input, text: '', ts };
        pending.text += text;
        if (pending.text.length >= deltaChars) flush();
        else if (!timer) timer = setTimeout(flush, deltaMs);
        return;
      }
      flush();
      write(input, ts);
    },
    flush,
    alive: () => runtimeState() === owner,
    lastSeq: () => seq,
  };
}

/** Records one event outside the engine (pre-flight failure, cancel while paused, recovery). */
export function recordRunEvent(runId: string, event: TraceEventInput): void {
  createEventRecorder({ runId, afterSeq: lastSeq(runId) }).emit(event);
}
