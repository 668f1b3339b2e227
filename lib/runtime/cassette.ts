/**
 * Cassettes (graph tests): a run's recorded model and tool calls (its call journal) matched by node
 * and a hash of the exact request, for reuse. No database and no server-only import: the CLI's graph tests use it too.
 */
import { createHash } from 'node:crypto';
import { memoryJournal, type MemoryJournal } from '@/lib/engine/journal-memory';

/** JSON with object keys sorted and undefined fields left out: the same request, the same text. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v ?? null);
  // Built by concatenation, keys sorted in place: this runs for every model and tool call (the
  // journal's request digest) over the whole request, so no per-key arrays or closures.
  let s: string;
  if (Array.isArray(v)) {
    s = '[';
    for (let i = 0; i < v.length; i++) {
      if (i > 0) s += ',';
      if (i in v) s += canonical(v[i]);
    }
    return `${s}]`;
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).sort(); // UTF-16 code unit order, as `<` compares strings
  s = '{';
  let first = true;
  for (const k of keys) {
    const x = o[k];
    if (x === undefined) continue;
    if (!first) s += ',';
    first = false;
    s += `${JSON.stringify(k)}:${canonical(x)}`;
  }
  return `${s}}`;
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
 * A call journal over a cassette (graph tests): calls matching a cassette entry by node and request
 * reuse its result, in order; the run's own calls are recorded in memory (and given to `onRecord`).
 */
export function cassetteJournal(calls: readonly CassetteCall[], onRecord?: (call: CassetteCall & { key: string }) => void): MemoryJournal {
  const queues = new Map<string, unknown[]>();
  for (const c of calls) {
    const k = slot(c, c.request_hash ?? requestHash(c.request ?? {}));
    const q = queues.get(k) ?? [];
    q.push(c.result);
    queues.set(k, q);
  }
  const journal = memoryJournal((call) => {
    const q = queues.get(slot(call, requestHash(call.request)));
    return q?.length ? structuredClone(q.shift()) : undefined;
  });
  if (!onRecord) return journal;
  return {
    ...journal,
    entries: journal.entries,
    record(entry) {
      journal.record(entry);
      onRecord({ kind: entry.kind, node: entry.node, request: entry.request, request_hash: requestHash(entry.request), result: entry.result, key: entry.key });
    },
  };
}

/** The file a run's cassette is exported as (GET /api/runs/:id/cassette, `switchyard cassette`): what a graph test's `cassette:` reads. */
export interface CassetteFile {
  switchyard_cassette: 1;
  run_id: string;
  graph: string;
  graph_version: number | null;
  /** The run's status when exported (a paused run's cassette has the calls made so far). */
  status: string;
  created_at: string;
  calls: CassetteCall[];
}

const pick = (v: unknown, keys: readonly string[]): Record<string, unknown> => {
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  return Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
};

/** Only what a reuse gives back (a model's reply and usage, a tool's output or error): no request, headers or connection. */
const RESULT_FIELDS: Record<CassetteCall['kind'], readonly string[]> = {
  llm: ['message', 'finish_reason', 'usage', 'model', 'latency_ms'],
  tool: ['output', 'error', 'truncated', 'original_bytes', 'data'],
};

/** A run's journal as a cassette file: calls by node and request hash, results only. */
export function cassetteFile(run: Omit<CassetteFile, 'switchyard_cassette' | 'calls'>, calls: readonly CassetteCall[]): CassetteFile {
  return {
    switchyard_cassette: 1,
    ...run,
    calls: calls.map((c) => ({ kind: c.kind, node: c.node, request_hash: c.request_hash ?? requestHash(c.request ?? {}), result: pick(c.result, RESULT_FIELDS[c.kind]) })),
  };
}

/** The calls of a cassette file's JSON: a cassette file (`{ calls: [...] }`) or a bare array of calls; throws on anything else. */
export function cassetteCalls(data: unknown): CassetteCall[] {
  const calls = Array.isArray(data) ? data : (data as { calls?: unknown } | null)?.calls;
  if (!Array.isArray(calls)) throw new Error('expected a cassette: { "calls": [...] } (GET /api/runs/:id/cassette) or a JSON array of recorded calls');
  calls.forEach((c: unknown, i) => {
    const call = c as Partial<CassetteCall> | null;
    if (!call || (call.kind !== 'llm' && call.kind !== 'tool') || typeof call.node !== 'string' || (typeof call.request_hash !== 'string' && (typeof call.request !== 'object' || call.request === null))) {
      throw new Error(`call ${i}: expected { kind: "llm" | "tool", node, request_hash (or request), result }`);
    }
  });
  return calls as CassetteCall[];
}
