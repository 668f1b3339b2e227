/**
 * The run manager: the composition root that runs graphs in the background of the server process.
 * A run outlives the request that started it; its row, events and checkpoints live in SQLite, its
 * AbortController in the process-wide table of active runs (globals.ts).
 */
import 'server-only';
import { runGraph, type RunOutcome } from '@/lib/engine';
import type { FirstToolChoice } from '@/lib/engine/scope';
import { checkResume, checkStateEdit, editedState } from '@/lib/engine/resume';
import { RUN_SPAN_ID, type Checkpoint, type ResumeValue } from '@/lib/contracts/trace';
import type { GraphDocument } from '@/lib/graph/schema';
import { AppError, badRequest, conflict, notFound } from '@/lib/errors';
import { DEMO_CONNECTION, type RunSource } from '@/lib/contracts/runs';
import { newRunId, type RunRow } from '@/db/runs';
import { getStore } from '@/db/store';
import { admissionQueue } from './admission';
import { queueUrl, runThreads } from './config';
import { cancelQueuedRun, enqueueRun, waitUntilSettled } from './queue/jobs';
import { createEventRecorder, recordRunEvent, type EventRecorder } from './event-recorder';
import { runtimeState } from './globals';
import { missingConnections, unknownMcpServers } from './preflight';
import { conversationInputs } from './conversation';
import { createRunPorts } from './run-ports';
import { demoDocument } from './demo-run';
import { keyCostCeiling } from './key-ceiling';
import { exportFinishedRun } from './otel-export';
import { isTerminalStatus, RESUMABLE_STATUSES } from './run-status';
import { runThreadPool } from './threads/pool';

export interface StartRunOptions {
  input: string;
  inputs?: Record<string, unknown>;
  breakpoints?: string[];
  source: RunSource;
  /** The conversation the run continues (an assistants thread id or the caller's `conversation_id`): node memory is kept per conversation. */
  conversationId?: string;
  /** The saved version to run instead of the newest (an outside caller's: lib/runtime/published.ts outsideVersion); `document` may still derive from it. */
  version?: { version: number; document: GraphDocument };
  /** The document to run instead of the saved graph's (e.g. with an API caller's client tools added). */
  document?: GraphDocument;
  /** The API key the run is started with (lib/server/auth-keys.ts keyBudget: its monthly budget counts the run). */
  apiKeyId?: string;
  /** `demo`: every model call goes to the built-in demo model (lib/runtime/demo-run.ts); the graph's connections need not exist. */
  connectionOverride?: typeof DEMO_CONNECTION;
  /** An API caller's `tool_choice` for the entry agent's first model call (lib/runtime/openai/client-tools.ts). */
  toolChoice?: FirstToolChoice;
}

async function documentOf(run: RunRow): Promise<GraphDocument> {
  if (run.graphVersion != null) {
    const v = await getStore().versions.get(run.graphId, run.graphVersion);
    if (v) return v.document;
  }
  const g = await getStore().graphs.get(run.graphId);
  if (!g) throw notFound(`Graph ${run.graphId} of run ${run.id}`);
  return g.document;
}

function checkBreakpoints(doc: GraphDocument, breakpoints: string[] | undefined): void {
  const unknown = (breakpoints ?? []).filter((b) => !Object.hasOwn(doc.nodes, b));
  if (unknown.length) throw badRequest(`breakpoints name nodes that are not in graph "${doc.name}": ${unknown.join(', ')}`);
}

/** Creates the run and starts it in the background; returns the row as created. */
export async function startRun(graphId: string, opts: StartRunOptions): Promise<RunRow> {
  const store = getStore();
  const graph = await store.graphs.get(graphId);
  if (!graph) throw notFound(`Graph ${graphId}`);
  const doc = opts.document ?? opts.version?.document ?? graph.document;
  checkBreakpoints(doc, opts.breakpoints);
  const run = await store.runs.insert({
    id: newRunId(),
    graphId: graph.id,
    graphName: graph.name,
    graphVersion: opts.version?.version ?? graph.version,
    input: opts.input,
    inputs: opts.inputs ?? null,
    breakpoints: opts.breakpoints?.length ? opts.breakpoints : null,
    source: opts.source,
    conversationId: opts.conversationId ?? null,
    apiKeyId: opts.apiKeyId ?? null,
    connectionOverride: opts.connectionOverride ?? null,
  });
  const missing = opts.connectionOverride ? [] : await missingConnections(doc);
  if (missing.length) {
    const names = missing.map((n) => `"${n}"`).join(', ');
    const message =
      `No model connection ${names} is configured, so graph "${doc.name}" cannot run. ` +
      'Set OPENAI_API_KEY (and OPENAI_BASE_URL for an OpenAI-compatible server such as vLLM or Ollama) in the server environment, ' +
      'or add the connection in Settings (POST /api/connections).';
    await store.runs.update(run.id, { startedAt: new Date() });
    await recordRunEvent(run.id, { type: 'run.failed', step: 0, span_id: RUN_SPAN_ID, data: { error: { code: 'no_connection', message } } });
    return (await store.runs.get(run.id))!;
  }
  const mcp = await unknownMcpServers(doc);
  if (mcp.length) {
    await store.runs.update(run.id, { startedAt: new Date() });
    await recordRunEvent(run.id, { type: 'run.failed', step: 0, span_id: RUN_SPAN_ID, data: { error: { code: 'unknown_mcp_server', message: mcp.map((p) => p.message).join('; ') } } });
    return (await store.runs.get(run.id))!;
  }
  await launch(run, doc, { input: opts.input, inputs: opts.inputs, breakpoints: opts.breakpoints, ...(opts.toolChoice ? { toolChoice: opts.toolChoice } : {}) });
  return run;
}

export interface LaunchArgs {
  input: string;
  inputs?: Record<string, unknown>;
  breakpoints?: string[];
  from?: Checkpoint;
  resume?: ResumeValue;
  /** A fork or replay starting at `from` (lib/runtime/fork.ts, replay.ts). */
  derivedFrom?: { run_id: string; origin: 'fork' | 'replay'; step?: number };
  toolChoice?: FirstToolChoice;
}

/**
 * Starts a created run in the background (startRun, resumeRun, and forks and replays:
 * lib/runtime/fork.ts, replay.ts), as soon as admission control lets it (admission.ts): until
 * then it waits as `queued` (listed as active, so a cancel reaches it and waitForRun waits for it).
 */
export async function launch(run: RunRow, doc: GraphDocument, args: LaunchArgs): Promise<void> {
  const queue = queueUrl();
  if (queue) return enqueue(queue, run, doc, args);
  const admission = admissionQueue();
  const admitted = admission.tryEnter();
  if (!admitted) {
    try {
      await getStore().runs.update(run.id, { status: 'queued' });
    } catch (err) {
      admission.leave();
      throw err;
    }
  }
  void track(run.id, async (controller) => {
    if (!admitted && !(await admission.wait(run.id, controller.signal))) {
      await recordRunEvent(run.id, { type: 'run.cancelled', step: 0, span_id: RUN_SPAN_ID, data: { reason: 'cancelled while queued' } });
      return;
    }
    try {
      await executeAdmitted(run, doc, args, controller);
    } finally {
      admission.leave();
    }
  });
}

/** An admitted run: on a run thread (threads/pool.ts) unless SWITCHYARD_RUN_THREADS=0 or none is loaded, else here. */
async function executeAdmitted(run: RunRow, doc: GraphDocument, args: LaunchArgs, controller: AbortController): Promise<void> {
  const pool = runThreadPool(runThreads());
  if (pool && (await pool.execute({ runId: run.id, document: doc, args }, controller.signal))) return;
  await execute(run, doc, args, controller);
}

/** Executes a run in this thread now, without admission control: a queue worker's or run thread's job (run-job.ts; their admission is the worker's concurrency, or the server's). */
export function executeRun(run: RunRow, doc: GraphDocument, args: LaunchArgs): Promise<void> {
  return track(run.id, (controller) => execute(run, doc, args, controller));
}

/** Lists the run as active in this process (cancel and waitForRun reach it) while `body` runs; never rejects. */
function track(runId: string, body: (controller: AbortController) => Promise<void>): Promise<void> {
  const state = runtimeState();
  const controller = new AbortController();
  const done = body(controller)
    .catch((err: unknown) => {
      // Recording how the run ended failed too (e.g. the database went away): never an unhandled rejection.
      console.error(`[switchyard] run ${runId}: recording its end failed`, err);
    })
    .finally(() => {
      if (state.active.get(runId)?.controller === controller) state.active.delete(runId);
    });
  state.active.set(runId, { runId, controller, done });
  return done;
}

/** Queue mode (SWITCHYARD_QUEUE): the run waits as `queued` for a worker (lib/runtime/queue). */
async function enqueue(url: string, run: RunRow, doc: GraphDocument, args: LaunchArgs): Promise<void> {
  await getStore().runs.update(run.id, { status: 'queued' });
  enqueueRun(url, { runId: run.id, document: doc, args }).catch(async (err: unknown) => {
    const message = `The run could not be queued: ${err instanceof Error ? err.message : String(err)}`;
    await recordRunEvent(run.id, { type: 'run.failed', step: 0, span_id: RUN_SPAN_ID, data: { error: { code: 'queue_unavailable', message } } }).catch((e: unknown) =>
      console.error(`[switchyard] run ${run.id}: recording that it could not be queued failed`, e),
    );
  });
}

/** Runs an admitted run to its end (or pause) and records how it ended. */
async function execute(run: RunRow, doc: GraphDocument, args: LaunchArgs, controller: AbortController): Promise<void> {
  const store = getStore();
  const recorder = createEventRecorder({ runId: run.id, afterSeq: await store.events.lastSeq(run.id) });
  const conversation = run.conversationId ? { conversationId: run.conversationId, graphId: run.graphId } : undefined;
  // A replay reuses its parent's recorded calls (time travel), also when it resumes after a pause.
  const replayOf = run.origin === 'replay' ? (run.parentRunId ?? undefined) : undefined;
  const demo = run.connectionOverride === DEMO_CONNECTION ? { graph: doc.name, input: run.input } : undefined;
  const ports = await createRunPorts(run.id, recorder, controller.signal, conversation, replayOf, demo);
  // A run of a conversation given only its new input starts from the conversation's earlier turns.
  if (conversation && !args.from) args = { ...args, inputs: await conversationInputs(conversation, args.input, args.inputs) };
  await store.runs.update(run.id, { status: 'running', ...(run.startedAt ? {} : { startedAt: new Date() }) });
  try {
    const costCeiling = await keyCostCeiling(run.apiKeyId, run.id);
    const outcome = await runGraph({ runId: run.id, doc: demo ? demoDocument(doc) : doc, ...args, ...(costCeiling ? { costCeiling } : {}), ports });
    await settle(run.id, recorder, outcome);
  } catch (err) {
    await recorder.flush().catch(() => {}); // what could be written; the failure is recorded next

    const e = err instanceof AppError ? { code: err.code, message: err.message } : { code: 'internal', message: `The engine crashed: ${err instanceof Error ? err.message : String(err)}` };
    if (!(err instanceof AppError)) console.error(`[switchyard] run ${run.id} crashed`, err);
    await settle(run.id, recorder, { status: 'failed', error: e });
  } finally {
    await recorder.flush();
    // OpenTelemetry (OTEL_EXPORTER_OTLP_ENDPOINT): the ended run as a trace, in the background.
    void exportFinishedRun(run.id);
  }
}

/** Makes sure the row (and the trace) say how the run ended, if the engine did not say it itself. */
async function settle(runId: string, recorder: EventRecorder, outcome: RunOutcome): Promise<void> {
  await recorder.flush();
  const row = await getStore().runs.get(runId);
  if (!row || (row.status !== 'running' && row.status !== 'queued')) return;
  const base = { step: 0, span_id: RUN_SPAN_ID };
  switch (outcome.status) {
    case 'succeeded':
      recorder.emit({ ...base, type: 'run.finished', data: { output: outcome.output, state: outcome.state } });
      break;
    case 'paused':
      recorder.emit({ ...base, type: 'run.interrupted', node: outcome.interrupt.node, data: { ...outcome.interrupt } });
      break;
    case 'failed':
      recorder.emit({ ...base, type: 'run.failed', data: { error: outcome.error } });
      break;
    case 'cancelled':
      recorder.emit({ ...base, type: 'run.cancelled', data: {} });
      break;
    case 'rejected':
      recorder.emit({ ...base, type: 'run.finished', data: { output: null, state: outcome.state, status: 'rejected', rejected: { node: outcome.node, ...(outcome.reason ? { reason: outcome.reason } : {}) } } });
      break;
  }
  await recorder.flush();
}

/** Continues a paused (human / breakpoint) or interrupted (server restart) run from its checkpoint. */
export async function resumeRun(runId: string, value: ResumeValue, opts: { document?: (saved: GraphDocument) => GraphDocument } = {}): Promise<RunRow> {
  const store = getStore();
  const run = await store.runs.get(runId);
  if (!run) throw notFound(`Run ${runId}`);
  if (!RESUMABLE_STATUSES.includes(run.status)) {
    throw conflict(`Run ${runId} is ${run.status}; only paused or interrupted runs can be resumed.`);
  }
  const cp = await store.checkpoints.latest(runId);
  if (run.status === 'paused' && !cp?.interrupt) throw conflict(`Run ${runId} is paused but has no checkpoint with a pause to resume.`);
  // A run cut short by a restart has no pause to answer: it continues from its checkpoint.
  if (!cp?.interrupt && value.action !== 'continue') {
    throw badRequest(`Run ${runId} was interrupted by a server restart, not paused by a node: resume it with {"action":"continue"}, not "${value.action}".`);
  }
  const resume = cp?.interrupt ? value : undefined;
  checkResume(cp, resume); // a value that does not fit the pause is refused before anything changes
  const saved = await documentOf(run);
  const doc = opts.document ? opts.document(saved) : saved;
  // A state edited at the pause must fit the graph's channels (422 invalid_state naming the path).
  const patch = editedState(value);
  if (patch && !resume) throw badRequest(`Run ${runId} was interrupted by a server restart: its state cannot be edited on resume.`);
  if (patch) checkStateEdit(doc, patch);
  // Claim the run atomically: a second resume of the same pause gets a 409.
  if (!(await store.runs.transition(runId, RESUMABLE_STATUSES as RunStatusList, { status: 'running' }))) {
    throw conflict(`Run ${runId} is being resumed already.`);
  }
  // Without a checkpoint (a restart before the first step) the run starts over with its input.
  const args: LaunchArgs = { input: run.input, inputs: run.inputs ?? undefined, breakpoints: run.breakpoints ?? undefined, from: cp, resume };
  await launch({ ...run, status: 'running' }, doc, args);
  return (await store.runs.get(runId))!;
}
type RunStatusList = RunRow['status'][];

/** Cancels a run: aborts it (and its model request) if active, else marks it cancelled. */
export async function cancelRun(runId: string, opts: { waitMs?: number } = {}): Promise<RunRow> {
  const store = getStore();
  const run = await store.runs.get(runId);
  if (!run) throw notFound(`Run ${runId}`);
  if (isTerminalStatus(run.status)) throw conflict(`Run ${runId} already ${run.status}; there is nothing to cancel.`);
  const active = runtimeState().active.get(runId);
  const queue = queueUrl();
  if (active) {
    active.controller.abort(new AppError('cancelled', 'The run was cancelled.'));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([active.done, new Promise<void>((r) => (timer = setTimeout(r, opts.waitMs ?? 10_000)))]);
    clearTimeout(timer);
  } else if (queue && (run.status === 'queued' || run.status === 'running')) {
    // Queue mode: a waiting job is removed; a job a worker holds is aborted by that worker.
    if ((await cancelQueuedRun(queue, runId)) === 'removed') {
      await recordRunEvent(runId, { type: 'run.cancelled', step: 0, span_id: RUN_SPAN_ID, data: { reason: 'cancelled while queued' } });
      void exportFinishedRun(runId);
    } else await waitUntilSettled(runId, AbortSignal.timeout(opts.waitMs ?? 10_000));
  } else {
    // Not executing (paused, interrupted): the cancel ends it here, so it is exported here.
    await recordRunEvent(runId, { type: 'run.cancelled', step: 0, span_id: RUN_SPAN_ID, data: { reason: `cancelled while ${run.status}` } });
    void exportFinishedRun(runId);
  }
  return (await store.runs.get(runId))!;
}

/** Resolves once the run is no longer executing (finished, failed, paused...): in this process, or on a queue worker. */
export function waitForRun(runId: string): Promise<void> {
  const active = runtimeState().active.get(runId)?.done;
  if (active) return active;
  return queueUrl() ? waitUntilSettled(runId) : Promise.resolve();
}
