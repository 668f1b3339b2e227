/**
 * Cassettes (time travel, graph tests): recorded model and tool calls matched by node and a hash
 * of the exact request. No database and no server-only import: the CLI's graph tests use it too.
 */
import { createHash } from 'node:crypto';
import type { RecordingPort } from '@/lib/engine/ports';

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

