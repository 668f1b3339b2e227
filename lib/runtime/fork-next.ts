/**
 * What a fork runs first. A checkpoint's `next` was worked out from the state before the edit, so
 * a fork whose state is edited recomputes it: the edges of the nodes that finished in the step it
 * forks at fire again on the edited state (their recorded outputs, an LLM router's recorded pick,
 * a recorded rejection), and the join rule picks the frontier (lib/engine/edges.ts nextAfter). So
 * editing a routing channel (a reviewer's `verdict`) takes the branch the edited state leads to.
 * The caller may pin the next node(s) instead (`next`; `END` ends the run at once). A fork without
 * an edit goes on with the checkpoint's own `next`.
 */
import 'server-only';
import type { Checkpoint, TraceEvent } from '@/lib/contracts/trace';
import type { ForkNextFrom } from '@/lib/contracts/time-travel';
import { END, START, type GraphDocument } from '@/lib/graph/schema';
import { nextAfter, type FinishedNode } from '@/lib/engine/edges';
import { EngineError } from '@/lib/engine/errors';
import { AppError } from '@/lib/errors';
import type { RunRow } from '@/db/runs';
import { getStore } from '@/db/store';

export interface ForkFrontier {
  next: string[];
  waiting: string[];
  from: ForkNextFrom;
}

/** A fork of a fork goes back at most this many runs to find the run that ran the step. */
const MAX_ANCESTORS = 100;

const waitingOf = (cp: Checkpoint): string[] => (Array.isArray(cp.extra?.waiting) ? (cp.extra.waiting as string[]) : []);

/** The pinned nodes, checked against the document the fork runs on (422 naming `next` or `next.<i>`). */
function pinned(doc: GraphDocument, next: string | string[]): string[] {
  const list = typeof next === 'string' ? [next] : next;
  const at = (i: number) => (typeof next === 'string' ? 'next' : `next.${i}`);
  const errors = list.flatMap((n, i) => {
    if (n === END) return list.length > 1 ? [{ path: at(i), message: 'END ends the run; pin it alone' }] : [];
    if (n === START || !Object.hasOwn(doc.nodes, n)) return [{ path: at(i), message: `"${n}" is not a node of graph "${doc.name}" (its nodes: ${Object.keys(doc.nodes).join(', ')})` }];
    return list.indexOf(n) !== i ? [{ path: at(i), message: `"${n}" is pinned twice` }] : [];
  });
  if (errors.length) throw new AppError('invalid_state', `${errors[0].path}: ${errors[0].message}`, { errors });
  return list.filter((n) => n !== END);
}

/** The run whose trace holds step `step` of `run`: a fork (or a replay of one) did not run the step it started from, its parent did. */
async function runThatRan(run: RunRow, step: number): Promise<RunRow | undefined> {
  let r: RunRow | undefined = run;
  for (let i = 0; r && r.forkedFromStep != null && step <= r.forkedFromStep && r.parentRunId; i++) {
    if (i >= MAX_ANCESTORS) return undefined;
    r = await getStore().runs.get(r.parentRunId);
  }
  return r;
}

/** The nodes that finished in step `step` of `run`, with what their edges saw; undefined when the trace does not hold it. */
export async function finishedAt(run: RunRow, step: number): Promise<{ nodes: FinishedNode[]; waitingBefore: string[] } | undefined> {
  if (step === 0) return { nodes: [{ id: START, output: null }], waitingBefore: [] };
  const r = await runThatRan(run, step);
  const before = r && (await getStore().checkpoints.at(r.id, step - 1));
  if (!r || !before) return undefined;
  const events = (await getStore().events.list(r.id)).filter((e) => e.step === step || e.type === 'run.started');
  const runSpan = events.find((e) => e.type === 'run.started')?.span_id;
  // Top-level events of the step only (a subgraph's inner nodes hang under their node's span).
  const top = events.filter((e) => e.step === step && e.parent_span_id === runSpan);
  const of = (type: TraceEvent['type'], id: string) => top.filter((e) => e.type === type && e.node === id);
  const nodes: FinishedNode[] = [];
  for (const id of before.next) {
    const done = of('node.finished', id).find((e) => e.data.status === 'succeeded');
    if (!done) return undefined;
    const picked = of('edge.taken', id).find((e) => typeof e.data.label === 'string' && typeof e.data.reason === 'string' && !('condition' in e.data));
    const rejected = of('run.resumed', id).some((e) => e.data.action === 'reject');
    nodes.push({
      id,
      output: done.data.output ?? null,
      ...(picked ? { route: { label: String(picked.data.label), reason: String(picked.data.reason) } } : {}),
      ...(rejected ? { rejected } : {}),
    });
  }
  return { nodes, waitingBefore: waitingOf(before) };
}

/**
 * The frontier a fork of `parent` at checkpoint `cp` starts with: pinned, recomputed from the
 * edited `state`, or the checkpoint's own (no edit, or a trace that no longer holds the step:
 * `from` says which).
 */
export async function forkFrontier(
  parent: RunRow,
  doc: GraphDocument,
  cp: Checkpoint,
  state: Record<string, unknown>,
  opts: { edited: boolean; next?: string | string[] },
): Promise<ForkFrontier> {
  if (opts.next !== undefined) return { next: pinned(doc, opts.next), waiting: [], from: 'pinned' };
  const kept: ForkFrontier = { next: [...cp.next], waiting: waitingOf(cp), from: 'checkpoint' };
  if (!opts.edited) return kept;
  const finished = await finishedAt(parent, cp.step);
  if (!finished || finished.nodes.some((n) => n.id !== START && !Object.hasOwn(doc.nodes, n.id))) return kept;
  try {
    return { ...nextAfter(doc, finished.nodes, state, finished.waitingBefore), from: 'edited_state' };
  } catch (err) {
    // A condition that fails on the edited state (or matches no branch) is the caller's to fix.
    if (err instanceof EngineError) {
      throw new AppError('invalid_state', `The edited state cannot be routed at step ${cp.step}: ${err.message}; fix the state or pin the next node with "next"`, {
        errors: [{ path: 'state', message: err.message }],
      });
    }
    throw err;
  }
}
