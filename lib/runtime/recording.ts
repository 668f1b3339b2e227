/**
 * Recording ports (lib/engine/recording.ts): the run's calls go to run_calls by node and a hash of
 * the exact request; a replay looks each call up in the replayed run's calls, a graph test in a
 * cassette (a list of recorded calls). The n-th identical call of a node gets the n-th recorded
 * one, so a loop that asks the same thing twice gets both answers in order.
 */
import 'server-only';
import type { CallRequest, RecordingPort } from '@/lib/engine/ports';
import { findRunCalls, listRunCalls, putRunCall } from '@/db/run-calls';
import type { CassetteCall } from './cassette';
import { requestHasher } from './request-hasher';

export { cassettePort, requestHash, type CassetteCall } from './cassette';

/**
 * The run's recording port: records every call; with `replayOf`, looks calls up in that run's.
 * The occurrence of a call is counted from this run's own recorded calls, so it survives a resume.
 */
export function createRecordingPort(runId: string, replayOf?: string, alive: () => boolean = () => true): RecordingPort {
  // requestHash, continuing the hash of the messages the node sent before (request-hasher.ts).
  const hashOf = requestHasher();
  return {
    ...(replayOf
      ? {
          async lookup(call: CallRequest) {
            const hash = hashOf(call);
            const seen = findRunCalls(runId, call.kind, call.node, hash).length;
            return findRunCalls(replayOf, call.kind, call.node, hash)[seen]?.result;
          },
        }
      : {}),
    async record(call) {
      if (alive()) putRunCall(runId, { key: call.key, kind: call.kind, node: call.node, requestHash: hashOf(call), result: call.result });
    },
  };
}

/** A finished run's calls as a cassette (what a graph test can replay). */
export function cassetteOfRun(runId: string): CassetteCall[] {
  return listRunCalls(runId).map((c) => ({ kind: c.kind, node: c.node, request_hash: c.requestHash, result: c.result }));
}
