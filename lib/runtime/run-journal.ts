/**
 * The run's call journal port (lib/engine/journal.ts) over db/journal.ts. A finished call is kept
 * (serialized at once: the engine may change the objects later) until the run's next step commit,
 * which writes it in the same transaction as the step's trace events and checkpoint
 * (event-recorder.ts withNextCommit): a call is durable exactly when its tool.result/llm.response is.
 *
 * Recall (a node run again) reads the run's own rows by attempt key; a run that had recorded nothing
 * when this port was made asks the database once, not per call. Reuse (a replay run: `reuseFrom`)
 * answers the n-th identical call of a node (same kind, node and request digest) with the source
 * run's n-th, counting this run's own recorded calls so that it survives a resume.
 */
import 'server-only';
import type { CallRequest, JournalEntry, JournalPort, RecalledCall } from '@/lib/engine/ports';
import { getStore, type JournalRowInput } from '@/db/store';
import { retryWhileUnavailable } from '@/db/store/outage';
import type { CassetteCall } from './cassette';
import type { EventRecorder } from './event-recorder';
import { requestHasher } from './request-hasher';

export { cassetteJournal, requestHash, type CassetteCall } from './cassette';

function rowOf(e: JournalEntry, requestHash: string): JournalRowInput {
  return {
    key: e.key,
    kind: e.kind,
    node: e.node,
    requestHash,
    resultJson: JSON.stringify(e.result ?? null),
    error: e.error ?? null,
    usage: e.usage ?? null,
    reused: !!e.reused,
    startedAt: e.started_at,
    latencyMs: e.latency_ms,
  };
}

export function createRunJournal(runId: string, recorder: Pick<EventRecorder, 'alive' | 'withNextCommit' | 'durable'>, reuseFrom?: string): JournalPort {
  /** Recorded, not yet committed (by attempt key, in the order recorded). */
  let pending = new Map<string, JournalRowInput>();
  /** Keys this port committed (a recall of one reads the database). */
  const committed = new Set<string>();
  /** Whether the run had any row when first asked (a fresh run never reads the database again). */
  let hadRows: boolean | undefined;
  // requestHash, continuing the hash of the messages the node sent before (request-hasher.ts).
  const hashOf = requestHasher();

  const write = () => {
    const rows = pending;
    pending = new Map();
    for (const k of rows.keys()) committed.add(k);
    return { journal: [...rows.values()] };
  };

  const pendingMatches = (call: CallRequest, hash: string) => {
    let n = 0;
    for (const r of pending.values()) if (r.kind === call.kind && r.node === call.node && r.requestHash === hash) n++;
    return n;
  };

  return {
    async recall(key): Promise<RecalledCall | undefined> {
      const mine = pending.get(key);
      if (mine) return { kind: mine.kind, result: JSON.parse(mine.resultJson) };
      // Rows handed to a commit still being written (Postgres) are read once it is written.
      if (committed.has(key)) await recorder.durable();
      // A store outage pauses the recall (bounded back-off, db/store/outage.ts) rather than failing the run.
      hadRows ??= await retryWhileUnavailable(() => getStore().journal.has(runId), { what: `reading run ${runId}'s call journal` });
      return hadRows || committed.has(key) ? retryWhileUnavailable(() => getStore().journal.entry(runId, key), { what: `reading run ${runId}'s call journal` }) : undefined;
    },
    ...(reuseFrom
      ? {
          async reuse(call: CallRequest) {
            const hash = hashOf(call);
            // This run's calls: those not yet handed to a commit, and (every commit written) the stored ones.
            await recorder.durable();
            const mine = pendingMatches(call, hash);
            const seen = (await getStore().journal.count(runId, call.kind, call.node, hash)) + mine;
            return (await getStore().journal.nth(reuseFrom, call.kind, call.node, hash, seen))?.result;
          },
        }
      : {}),
    record(entry) {
      if (!recorder.alive() || pending.has(entry.key)) return;
      if (!pending.size) recorder.withNextCommit(write);
      pending.set(entry.key, rowOf(entry, hashOf(entry)));
    },
  };
}

/** A run's recorded calls as a cassette (what a graph test can reuse): calls with a request digest. */
export async function cassetteOfRun(runId: string): Promise<CassetteCall[]> {
  return (await getStore().journal.list(runId)).flatMap((c) => (c.requestHash ? [{ kind: c.kind, node: c.node, request_hash: c.requestHash, result: c.result }] : []));
}
