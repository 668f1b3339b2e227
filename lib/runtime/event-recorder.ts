/**
 * The engine's event sink for one run: assigns the per-run `seq` and appends the event to
 * run_events with the status change it implies, then publishes it on the in-process bus.
 *
 * Lean (issue 14): events are buffered and the buffer of one event-loop tick is written in one
 * transaction (prepared statements, db/run-events.ts), right after the code that recorded them
 * (process.nextTick: before the event loop runs any timer, I/O or setImmediate callback, so an
 * event reaches its subscribers without waiting behind other work), or earlier when
 * `flush()` is called. Step boundaries flush synchronously: the run's ports write the step's
 * checkpoint in the same transaction as the step's last events (`flush(alsoWrite)`), so the events
 * of a step are durable before the run moves past it. An event is published right after its
 * transaction committed, so a subscriber that reads the backlog from the database and then listens
 * never misses one, and an event a client saw is never lost to a crash (whose restart would number
 * the next event with the same seq).
 *
 * `llm.delta` events are the live token stream and are persisted too, but coalesced: consecutive
 * deltas of one span (and the same `answer` mark) are merged until ~`deltaChars` characters, another event, or `deltaMs` of
 * quiet, whichever comes first. Text is concatenated, never dropped below the trace caps.
 *
 * Every event's data passes the one redactor (lib/tools/redact.ts) before it is stored or published:
 * no secret the process knows reaches the run, its trace, SSE or the OTel export.
 *
 * What is stored is bounded (trace-bounds.ts): fields capped, llm.request holding only what is new
 * in the node's conversation, and an event budget per run (past it, emit throws `event_budget` and
 * the run fails). A write for a run that no longer exists (its graph was deleted) is dropped, and
 * the recorder goes quiet; a write that fails from a timer is logged, never thrown. A write that gave
 * up waiting for the database (`store_unavailable`: the store retried it with back-off, db/store/outage.ts)
 * quiets the recorder too, and the run is handed to store-outage.ts, which resumes it from its last
 * checkpoint once the database is back.
 */
import { isRunEndType, settlesRun, type Checkpoint, type TraceEvent, type TraceEventInput } from '@/lib/contracts/trace';
import { getStore, type JournalRowInput, type StepRunUpdate } from '@/db/store';
import { AppError } from '@/lib/errors';
import { redactValue } from '@/lib/tools/redact';
import { publish } from './event-bus';
import { runtimeState } from './globals';
import { runUpdateFor } from './run-status';
import { parkCommit, strandRun } from './store-outage';
import { boundedData, byteLength, capField, requestCompactor, traceLimits, type TraceLimits } from './trace-bounds';

export interface EventRecorder {
  emit(input: TraceEventInput): void;
  /** False once the process-wide runtime state this recorder belongs to was reset. */
  alive(): boolean;
  /**
   * Writes every buffered event (and any coalesced delta) now, in one step commit of the store
   * (db/store StepCommitter: one transaction), together with `checkpoint` (a step's); then
   * publishes them. Resolves once written (on SQLite the write is done before this returns);
   * rejects when the write failed.
   */
  flush(checkpoint?: Checkpoint): Promise<void>;
  /**
   * Adds what `part` answers to the next commit, after the events then buffered (the run's last
   * checkpoint goes in with the run.finished that follows it in the same tick; the call journal's
   * rows with the events of their calls, run-journal.ts).
   */
  withNextCommit(part: () => CommitPart): void;
  /**
   * Resolves once everything recorded so far is written: a flush on a store whose commits are
   * asynchronous (Postgres); on SQLite at once (the tick's commit runs before any I/O anyway).
   */
  durable(): Promise<void>;
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
  /** Default: from the environment (traceLimits()). */
  limits?: TraceLimits;
}

/** What a step commit carries besides events and run-row changes. */
export interface CommitPart {
  journal?: JournalRowInput[];
  checkpoint?: Checkpoint;
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
  const limits = opts.limits ?? traceLimits();
  const requests = requestCompactor();
  /** Delta bytes stored per llm span (capped at limits.fieldMax). */
  const deltaBytes = new Map<string, number>();
  /** Set once the run's row is gone (its graph was deleted): nothing more is written. */
  let gone = false;
  /** Set once the run was stranded by a store outage (store-outage.ts): later commits are kept (parked), and every flush rejects with it, so the run goes no further. */
  let strandedBy: unknown = null;
  /** Events numbered but not yet written (this tick's). */
  let batch: TraceEvent[] = [];
  /** A commit is scheduled (process.nextTick) for the batch. */
  let tick = false;
  /** The last commit that wrote something (settled, failures swallowed): a flush with nothing to write waits for it. */
  let tail: Promise<void> = Promise.resolve();
  /** Parts of the next commit (withNextCommit). */
  let deferred: (() => CommitPart)[] = [];

  function scheduleCommit(): void {
    if (tick) return;
    tick = true;
    process.nextTick(commitLater);
  }

  function write(input: TraceEventInput, ts: string): void {
    if (runtimeState() !== owner || gone) return;
    if (seq >= limits.maxEvents && !settlesRun(input.type)) {
      if (input.type === 'llm.delta') return; // dropped: the run's next event fails it
      throw new AppError('event_budget', `The run recorded ${seq} trace events, its budget (SWITCHYARD_RUN_MAX_EVENTS=${limits.maxEvents}); it was stopped. Lower the number of steps or raise the budget.`);
    }
    const event: TraceEvent = {
      seq: seq + 1,
      run_id: opts.runId,
      ts,
      type: input.type,
      step: input.step,
      span_id: input.span_id,
      // Every event passes the redactor (lib/tools/redact.ts): the stored run, its error, SSE and the OTel export read these.
      data: redactValue(boundedData(input.type, requests.compact(input, seq + 1), limits)),
    };
    if (input.type === 'llm.response') deltaBytes.delete(input.span_id);
    if (input.node !== undefined) event.node = input.node;
    if (input.parent_span_id !== undefined) event.parent_span_id = input.parent_span_id;
    seq = event.seq;
    batch.push(event);
    scheduleCommit();
  }

  /** Moves a coalesced delta into the batch. */
  function takeDelta(): void {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const p = pending;
    if (!p) return;
    pending = null;
    write({ ...p.input, data: { ...p.input.data, text: p.text } }, p.ts);
  }

  /**
   * Writes the batch (and `checkpoint`) in one step commit, then publishes its events. The store
   * applies a run's commits in call order, so events are published in seq order.
   */
  function commit(checkpoint?: Checkpoint): Promise<void> {
    tick = false;
    if (runtimeState() !== owner || gone) return Promise.resolve();
    const events = batch;
    const later = deferred;
    if (!events.length && !checkpoint && !later.length) return strandedBy ? Promise.reject(strandedBy as Error) : tail;
    batch = [];
    deferred = [];
    const at = now();
    const runUpdates: StepRunUpdate[] = [];
    for (const event of events) {
      const update = runUpdateFor(event, at);
      if (update) runUpdates.push({ update, withUsage: isRunEndType(event.type) || update.status === 'paused' });
    }
    const journal: JournalRowInput[] = [];
    let last: Checkpoint | undefined;
    for (const part of later) {
      const p = part();
      if (p.journal) journal.push(...p.journal);
      if (p.checkpoint) last = p.checkpoint;
    }
    // No checkpoint follows a run's end or pause in this process: the store lets go of its last state.
    const settles = events.some((e) => settlesRun(e.type));
    const c = { events, runUpdates, journal, checkpoint: checkpoint ?? last, last: settles };
    if (strandedBy) {
      // Stranded by a store outage: what the run still records (a call that finished meanwhile) is
      // kept with the commits that gave up, written once the database is back; the run goes no further.
      parkCommit(opts.runId, c);
      return Promise.reject(strandedBy as Error);
    }
    const steps = getStore().steps;
    if (steps.commitSync) {
      // SQLite: written before this returns; a failure is thrown here, as it always was.
      try {
        steps.commitSync(opts.runId, c);
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'not_found')) throw err;
        gone = true;
        return tail;
      }
      for (const event of events) publish(event);
      return tail;
    }
    const written = steps
      .commit(opts.runId, c)
      .then(
        () => {
          for (const event of events) publish(event);
        },
        (err: unknown) => {
          // The run's row is gone (deleted with its graph): the rest of the run has nowhere to go.
          if (err instanceof AppError && err.code === 'not_found') gone = true;
          else if (err instanceof AppError && err.code === 'store_unavailable') {
            // The database stayed away: this execution of the run stops here. Its commits (this
            // one, those queued behind it, and any it still makes) are kept and written once the
            // database is back, before the run resumes (recovery.ts).
            strandedBy ??= err;
            parkCommit(opts.runId, c);
            strandRun(opts.runId, err, tail);
            throw err;
          } else throw err;
        },
      );
    tail = written.catch(() => {});
    return written;
  }

  function flush(checkpoint?: Checkpoint): Promise<void> {
    takeDelta();
    return commit(checkpoint);
  }

  /** A commit nobody waits for (a timer's, a settling event's): an asynchronous failure is logged. */
  function commitInBackground(what: string): void {
    commit().catch((err: unknown) => {
      if (err !== strandedBy) console.error(`[switchyard] run ${opts.runId}: ${what} failed`, err); // an outage is logged once, by store-outage.ts
    });
  }

  function commitLater(): void {
    if (!tick) return; // committed meanwhile (a flush)
    // A delta still being coalesced stays pending (it spans ticks). From a tick nobody could catch
    // a failure: the run's next step boundary meets the same failure.
    try {
      commitInBackground('writing trace events');
    } catch (err) {
      console.error(`[switchyard] run ${opts.runId}: writing trace events failed`, err);
    }
  }

  function flushLater(): void {
    timer = null;
    try {
      takeDelta();
    } catch (err) {
      console.error(`[switchyard] run ${opts.runId}: writing a trace delta failed`, err);
    }
  }

  /** The part of a delta's text still within its span's cap (and whether the cap was reached). */
  function withinCap(input: TraceEventInput, text: string): { text: string; capped: boolean } | null {
    const used = deltaBytes.get(input.span_id) ?? 0;
    if (used >= limits.fieldMax) return null;
    const room = limits.fieldMax - used;
    const c = capField(text, room);
    const total = used + (c.original_bytes === undefined ? byteLength(text) : room);
    deltaBytes.set(input.span_id, total);
    // Reaching the cap marks the delta: whatever streams after it is not stored.
    return { text: c.text, capped: total >= limits.fieldMax };
  }

  function sameStream(a: TraceEventInput, b: TraceEventInput): boolean {
    // Answer text and other text (llm.delta `answer`) are never merged into one delta.
    return a.span_id === b.span_id && a.node === b.node && a.step === b.step && a.parent_span_id === b.parent_span_id && a.data.answer === b.data.answer;
  }

  return {
    emit(input) {
      const ts = input.ts ?? now().toISOString();
      if (input.type === 'llm.delta') {
        const kept = withinCap(input, typeof input.data?.text === 'string' ? input.data.text : '');
        if (!kept) return;
        if (pending && !sameStream(pending.input, input)) takeDelta();
        if (!pending) pending = { input, text: '', ts };
        pending.text += kept.text;
        if (kept.capped) {
          pending.input = { ...pending.input, data: { ...pending.input.data, truncated: true } };
          takeDelta();
        } else if (pending.text.length >= deltaChars) takeDelta();
        else if (!timer) timer = setTimeout(flushLater, deltaMs);
        return;
      }
      takeDelta();
      if (input.type === 'run.failed' && failedForTheStore(input)) {
        // A read or write the run needed gave up waiting for the database: not the run's fault, and
        // not its end. What it recorded before is still written (waiting, or kept), the run stops
        // here, and resumes from its last checkpoint once the store is back (store-outage.ts).
        let before: Promise<unknown> = tail;
        try {
          before = commit().catch(() => undefined);
        } catch {
          // SQLite: thrown at once; nothing to wait for
        }
        if (!strandedBy) {
          strandedBy = new AppError('store_unavailable', 'The run stopped: the database is unavailable.');
          strandRun(opts.runId, new Error((input.data as { error?: { message?: string } }).error?.message ?? 'store unavailable'), before);
        }
        return;
      }
      write(input, ts);
      // The events that end or pause a run are committed at once (on SQLite: durable before emit
      // returns, a failure thrown from it); the run manager waits for its recorder's flush before
      // it reports the outcome.
      if (settlesRun(input.type)) {
        takeDelta();
        commitInBackground('writing the run\'s end');
      }
    },
    flush,
    withNextCommit(part) {
      deferred.push(part);
      scheduleCommit();
    },
    durable: () => (getStore().steps.commitSync ? Promise.resolve() : flush()),
    alive: () => runtimeState() === owner,
    lastSeq: () => seq,
  };
}

/**
 * A run.failed whose error is the store's absence: `store_unavailable`, which only a read or write
 * that waited SWITCHYARD_STORE_RETRY_S for the database gives (db/store/outage.ts). A bare
 * connection error is not taken for one: a tool's unreachable server must fail the run, not
 * resume it over and over.
 */
function failedForTheStore(input: TraceEventInput): boolean {
  return (input.data as { error?: { code?: unknown } } | undefined)?.error?.code === 'store_unavailable';
}

/** Records one event outside the engine (pre-flight failure, cancel while paused, recovery). */
export async function recordRunEvent(runId: string, event: TraceEventInput): Promise<void> {
  const recorder = createEventRecorder({ runId, afterSeq: await getStore().events.lastSeq(runId) });
  recorder.emit(event);
  await recorder.flush();
}
