/**
 * Cassettes (graph tests): a run's recorded model and tool calls (its call journal) matched by node
 * and a hash of the exact request, for reuse. No database and no server-only import: the CLI's graph tests use it too.
 */
import { createHash } from 'node:crypto';
import { memoryJournal, type MemoryJournal } from '@/lib/engine/journal-memory';

/**
 * JSON with object keys sorted and undefined fields left out: the same request, the same text.
 * A request holds the whole conversation, so this runs over thousands of messages per model call:
 * objects are rebuilt with their keys in order (only where they are not already) and the native
 * JSON.stringify writes the text (it already leaves undefined fields out and writes undefined
 * array items as null).
 */
export function canonical(v: unknown): string {
  try {
    return JSON.stringify(sortedKeys(v) ?? null);
  } catch (err) {
    if (err !== UNUSUAL) throw err;
    return slowCanonical(v);
  }
}

/** The same text for values the fast path does not take (integer-like keys, which objects enumerate first; toJSON; functions). */
function slowCanonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v ?? null);
  if (Array.isArray(v)) return `[${v.map(slowCanonical).join(',')}]`;
  const entries = Object.entries(v as Record<string, unknown>)
    .filter(([, x]) => x !== undefined)
    .sort(([a], [b]) => byCodeUnit(a, b));
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${slowCanonical(x)}`).join(',')}}`;
}

const UNUSUAL = new Error('unusual value: canonical text the slow way');
const INTEGER_KEY = /^(0|[1-9]\d*)$/;

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `v` with every object's keys in code-unit order (the same value where they already are). */
function sortedKeys(v: unknown): unknown {
  if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') throw UNUSUAL;
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const x = sortedKeys(v[i]);
      if (x !== v[i]) (out ??= v.slice())[i] = x;
    }
    return out ?? v;
  }
  const o = v as Record<string, unknown>;
  if (typeof o.toJSON === 'function') throw UNUSUAL;
  const keys = Object.keys(o);
  if (keys.length && INTEGER_KEY.test(keys[0])) throw UNUSUAL;
  let same = true;
  for (let i = 1; i < keys.length && same; i++) same = keys[i - 1] < keys[i];
  if (!same) keys.sort(byCodeUnit);
  const vals = keys.map((k) => sortedKeys(o[k]));
  if (same && vals.every((x, i) => x === o[keys[i]])) return o;
  const out: Record<string, unknown> = {};
  keys.forEach((k, i) => (out[k] = vals[i]));
  return out;
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
