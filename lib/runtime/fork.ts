/**
 * Fork (time travel): a new run that starts at one checkpoint of another run, with its state
 * optionally edited, on the graph version that run used ('original') or the graph as it is now
 * ('current'). What runs first: the checkpoint's next nodes when the state is not edited; with an
 * edit, the next nodes recomputed from the edited state; or the node(s) the caller pins
 * (fork-next.ts). The new run records its parent and the step it forked from.
 */
import 'server-only';
import { DEMO_CONNECTION } from '@/lib/contracts/runs';
import type { Checkpoint } from '@/lib/contracts/trace';
import type { ForkNextFrom } from '@/lib/contracts/time-travel';
import type { GraphDocument } from '@/lib/graph/schema';
import { AppError, notFound } from '@/lib/errors';
import { newRunId, type RunRow } from '@/db/runs';
import { getStore } from '@/db/store';
import { checkForkState } from './fork-state';
import { forkFrontier } from './fork-next';
import { launch, type LaunchArgs } from './run-manager';
import { missingConnections } from './preflight';

export type GraphVersionChoice = 'current' | 'original';

export async function parentRun(runId: string): Promise<RunRow> {
  const run = await getStore().runs.get(runId);
  if (!run) throw notFound(`Run ${runId}`);
  return run;
}

/** The document (and its version number) a fork or replay of `run` executes. */
export async function derivedDocument(run: RunRow, which: GraphVersionChoice): Promise<{ doc: GraphDocument; version: number }> {
  if (which === 'original' && run.graphVersion != null) {
    const v = await getStore().versions.get(run.graphId, run.graphVersion);
    if (v) return { doc: v.document, version: run.graphVersion };
  }
  const g = await getStore().graphs.get(run.graphId);
  if (!g) throw notFound(`Graph ${run.graphId} of run ${run.id}`);
  return { doc: g.document, version: g.version };
}

/** A run that cannot start because a model connection is missing is refused before it exists. */
async function checkConnections(doc: GraphDocument): Promise<void> {
  const missing = await missingConnections(doc);
  if (missing.length) throw new AppError('no_connection', `No model connection ${missing.map((n) => `"${n}"`).join(', ')} is configured for graph "${doc.name}"; add it in Settings`);
}

/** Every node the checkpoint goes on with must be in the document it will run on. */
function checkNodes(doc: GraphDocument, cp: Checkpoint, version: number): void {
  const waiting = Array.isArray(cp.extra?.waiting) ? (cp.extra.waiting as string[]) : [];
  const gone = [...cp.next, ...waiting].filter((n) => !Object.hasOwn(doc.nodes, n));
  if (gone.length) {
    throw new AppError('invalid_state', `Step ${cp.step} goes on with node ${gone.map((n) => `"${n}"`).join(', ')}, which graph version ${version} does not have; fork on the original version`, {
      errors: gone.map((n) => ({ path: 'next', message: `node "${n}" is not in the graph` })),
    });
  }
}

/** Creates a fork or replay row and starts it. A demo run's fork or replay is a demo run too (no connection needed). */
export async function startDerived(parent: RunRow, opts: { doc: GraphDocument; version: number; origin: 'fork' | 'replay'; step?: number; args: LaunchArgs; apiKeyId?: string }): Promise<RunRow> {
  const connectionOverride = parent.connectionOverride === DEMO_CONNECTION ? DEMO_CONNECTION : null;
  if (!connectionOverride) await checkConnections(opts.doc);
  const run = await getStore().runs.insert({
    id: newRunId(),
    graphId: parent.graphId,
    graphName: opts.doc.name,
    graphVersion: opts.version,
    input: parent.input,
    inputs: parent.inputs ?? null,
    source: parent.source,
    parentRunId: parent.id,
    forkedFromStep: opts.step ?? null,
    origin: opts.origin,
    apiKeyId: opts.apiKeyId ?? null,
    connectionOverride,
  });
  await launch(run, opts.doc, { ...opts.args, derivedFrom: { run_id: parent.id, origin: opts.origin, ...(opts.step !== undefined ? { step: opts.step } : {}) } });
  return run;
}

/** The checkpoint a derived run starts from: state and frontier only (no pause, no usage, a new run span); `frontier` replaces the checkpoint's. */
export function startingCheckpoint(cp: Checkpoint, state: Record<string, unknown>, frontier?: { next: string[]; waiting: string[] }): Checkpoint {
  const waiting = frontier ? frontier.waiting : Array.isArray(cp.extra?.waiting) ? cp.extra.waiting : [];
  return { step: cp.step, state: structuredClone(state), next: [...(frontier ? frontier.next : cp.next)], extra: { waiting: [...waiting] } };
}

export interface ForkOptions {
  step: number;
  /** Channels to set (the others keep the checkpoint's values). */
  state?: Record<string, unknown>;
  graph_version?: GraphVersionChoice;
  /** Pin what runs first (node ids, or END); see fork-next.ts. */
  next?: string | string[];
}

/** `key.apiKeyId`: the API key the fork is started with (its monthly budget counts it). `next`/`next_from`: what it runs first and why. */
export async function forkRun(runId: string, opts: ForkOptions, key: { apiKeyId?: string } = {}): Promise<{ run: RunRow; next: string[]; next_from: ForkNextFrom }> {
  const parent = await parentRun(runId);
  const cp = await getStore().checkpoints.at(runId, opts.step);
  if (!cp) {
    const steps = (await getStore().checkpoints.list(runId)).map((c) => c.step);
    throw new AppError('unknown_step', `Run ${runId} has no checkpoint at step ${opts.step} (${steps.length ? `its steps: ${steps.join(', ')}` : 'it has no checkpoints'})`);
  }
  const { doc, version } = await derivedDocument(parent, opts.graph_version ?? 'original');
  if (opts.state) checkForkState(doc, opts.state);
  const state = { ...cp.state, ...structuredClone(opts.state ?? {}) };
  const frontier = await forkFrontier(parent, doc, cp, state, { edited: !!opts.state && Object.keys(opts.state).length > 0, next: opts.next });
  if (frontier.from !== 'pinned') checkNodes(doc, { ...cp, next: frontier.next, extra: { waiting: frontier.waiting } }, version);
  const run = await startDerived(parent, {
    doc,
    version,
    origin: 'fork',
    step: opts.step,
    args: { input: parent.input, inputs: parent.inputs ?? undefined, from: startingCheckpoint(cp, state, frontier) },
    ...key,
  });
  return { run, next: frontier.next, next_from: frontier.from };
}
