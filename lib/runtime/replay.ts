/**
 * Replay (time travel): a new run of a run again, from where it started (its input, or a fork's
 * starting checkpoint), on the current graph or the original version. It reuses the result of
 * every model and tool call whose node and request are unchanged from the source run's call
 * journal (run-journal.ts, lib/engine/journal.ts `reuse`); only changed calls reach the model or
 * the tool. ("Replay" names only this; a node run again recalls its own calls, which is not a replay.)
 */
import 'server-only';
import { AppError, conflict } from '@/lib/errors';
import type { RunRow } from '@/db/runs';
import { getStore } from '@/db/store';
import { derivedDocument, parentRun, startDerived, startingCheckpoint, type GraphVersionChoice } from './fork';
import { isTerminalStatus } from './run-status';

/** `key.apiKeyId`: the API key the replay is started with (its monthly budget counts it). */
export async function replayRun(runId: string, opts: { graph_version?: GraphVersionChoice } = {}, key: { apiKeyId?: string } = {}): Promise<RunRow> {
  const parent = await parentRun(runId);
  if (!isTerminalStatus(parent.status) && parent.status !== 'paused' && parent.status !== 'interrupted') {
    throw conflict(`Run ${runId} is ${parent.status}; replay it once it has finished.`);
  }
  const { doc, version } = await derivedDocument(parent, opts.graph_version ?? 'current');
  const base = { input: parent.input, inputs: parent.inputs ?? undefined };
  if (parent.forkedFromStep != null) {
    // A fork (or a replay of one) starts where it started: its first checkpoint, with its state.
    const cp = await getStore().checkpoints.at(parent.id, parent.forkedFromStep);
    if (!cp) throw new AppError('unknown_step', `Run ${runId} has no checkpoint at step ${parent.forkedFromStep}, where it started; it cannot be replayed`);
    return startDerived(parent, { doc, version, origin: 'replay', step: cp.step, args: { ...base, from: startingCheckpoint(cp, cp.state) }, ...key });
  }
  // From the start: the same input, and the same first messages (a conversation's earlier turns).
  const first = (await getStore().checkpoints.list(parent.id))[0]?.checkpoint;
  const messages = first?.step === 0 && Array.isArray(first.state.messages) ? first.state.messages : undefined;
  const inputs = messages ? { ...(base.inputs ?? {}), messages } : base.inputs;
  return startDerived(parent, { doc, version, origin: 'replay', args: { ...base, inputs }, ...key });
}
