/**
 * Recording ports (lib/engine/recording.ts): the run's calls go to run_calls by node and a hash of
 * the exact request; a replay looks each call up in the replayed run's calls, a graph test in a
 * cassette (a list of recorded calls). The n-th identical call of a node gets the n-th recorded
 * one, so a loop that asks the same thing twice gets both answers in order.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import type { CallRequest, RecordingPort } from '@/lib/engine/ports';
import { findRunCalls, listRunCalls, putRunCall } from '@/db/run-calls';

/** JSON with object keys sorted and undefined fields left out: the same request, the same text. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v ?? null);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const entries = Object.entries(v as Record<string, unknown>)
    .filter(([, x]) => x !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
}

/** sha256 of the canonical request (hex). */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonical(request)).digest('hex');
}

const slot = (c: { kind: string; node: string }, hash: string) => `${c.kind}\u0000${c.node}\u0000${hash}`;

/**
 * The run's recording port: records every call; with `replayOf`, looks calls up in that run's.
 * The occurrence of a call is counted from this run's own recorded calls, so it survives a resume.
 */
export function createRecordingPort(runId: string, replayOf?: string, alive: () => boolean = () => true): RecordingPort {
  return {
    ...(replayOf
      ? {
          async lookup(call: CallRequest) {
            const hash = requestHash(call.request);
            const seen = findRunCalls(runId, call.kind, call.node, hash).length;
            return findRunCalls(replayOf, call.kind, call.node, hash)[seen]?.result;
          },
        }
      : {}),
    async record(call) {
      if (alive()) putRunCall(runId, { key: call.key, kind: call.kind, node: call.node, requestHash: requestHash(call.request), result: call.result });
    },
  };
}

/** One call of a cassette: the node, the request (or its hash) and the result to give back. */
export interface CassetteCall {
  kind: 'llm' | 'tool';
  node: string;
  request?: Record<string, unknown>;
  request_hash?: string;
  result: unknown;
}

/**
 * A replay port over a cassette (graph tests): calls matching a cassette entry by node and request
 * get its result, in order; `record` is a no-op unless `onRecord` is given.
 */
export function cassettePort(calls: readonly CassetteCall[], onRecord?: (call: CassetteCall & { key: string }) => void): RecordingPort {
  const queues = new Map<string, unknown[]>();
  for (const c of calls) {
    const k = slot(c, c.request_hash ?? requestHash(c.request ?? {}));
    const q = queues.get(k) ?? [];
    q.push(c.result);
    queues.set(k, q);
  }
  return {
    async lookup(call) {
      const q = queues.get(slot(call, requestHash(call.request)));
      return q?.length ? structuredClone(q.shift()) : undefined;
    },
    async record(call) {
      onRecord?.({ kind: call.kind, node: call.node, request: call.request, request_hash: requestHash(call.request), result: call.result, key: call.key });
    },
  };
}

/** A finished run's calls as a cassette (what a graph test can replay). */
export function cassetteOfRun(runId: string): CassetteCall[] {
  return listRunCalls(runId).map((c) => ({ kind: c.kind, node: c.node, request_hash: c.requestHash, result: c.result }));
}
