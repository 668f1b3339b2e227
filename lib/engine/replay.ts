/**
 * Replay of a paused node's calls. A node paused inside (a `human` or `client` tool call) is run
 * again when the run resumes; its earlier model and tool calls must not be made again. They come
 * back from two places, in this order:
 * - the continuation the node left in the checkpoint (`activities`: every call recorded during the
 *   paused step, by activity key), so a resume works from the checkpoint alone, with or without an
 *   activity store;
 * - `ports.activities` (activities.ts), which also covers crashes.
 * Same keys on every attempt (activities.ts) make the re-run deterministic up to the paused call,
 * which then gets the resume's answer (human-tool.ts).
 */
import { recordActivity, recordedActivity } from './activities';
import type { ExecContext } from './scope';

interface Rec {
  kind: 'llm' | 'tool';
  result: unknown;
}

/** Calls recorded in this execution during the current step (all a pause needs: stepCalls), per run (ports object). */
const journals = new WeakMap<object, { step: number; calls: Map<string, Rec> }>();
/** Calls handed back by a continuation, per run. */
const overlays = new WeakMap<object, Map<string, Rec>>();

function overlayMap(ctx: ExecContext): Map<string, Rec> {
  let m = overlays.get(ctx.scope.ports);
  if (!m) {
    m = new Map();
    overlays.set(ctx.scope.ports, m);
  }
  return m;
}

function isRec(v: unknown): v is Rec {
  return !!v && typeof v === 'object' && ((v as Rec).kind === 'llm' || (v as Rec).kind === 'tool') && 'result' in v;
}

const NONE: ReadonlyMap<string, Rec> = new Map();

function overlay(ctx: ExecContext): ReadonlyMap<string, Rec> {
  const acts = ctx.continuation?.activities;
  // A run that was never handed calls back has no overlay (none is made for it).
  if (!acts && !overlays.has(ctx.scope.ports)) return NONE;
  const m = overlayMap(ctx);
  if (acts && typeof acts === 'object') {
    for (const [k, v] of Object.entries(acts)) if (isRec(v) && !m.has(k)) m.set(k, v);
  }
  return m;
}

/** A copy of a call's result: a plain object of primitives (most tool results) is copied as is, anything deeper cloned. */
function snapshot(result: unknown): unknown {
  if (result && typeof result === 'object' && Object.getPrototypeOf(result) === Object.prototype) {
    const values = Object.values(result);
    if (values.every((v) => v === null || (typeof v !== 'object' && typeof v !== 'function'))) return { ...result };
  }
  return structuredClone(result);
}

/** This step's journal of the run (a new step starts an empty one: earlier steps' calls are never asked for). */
function journal(ctx: ExecContext): Map<string, Rec> {
  const step = ctx.scope.step();
  let j = journals.get(ctx.scope.ports);
  if (!j || j.step !== step) {
    j = { step, calls: new Map() };
    journals.set(ctx.scope.ports, j);
  }
  return j.calls;
}

/**
 * The recorded result of call `key` (continuation first, then the activity store), or undefined;
 * a promise only when the activity store is asked (callers await it either way).
 */
export function replayedCall<T>(ctx: ExecContext, key: string, kind: 'llm' | 'tool', accept: (r: unknown) => r is T, useStore = true): T | undefined | Promise<T | undefined> {
  const rec = overlay(ctx).get(key);
  if (rec && rec.kind === kind && accept(rec.result)) return rec.result;
  const port = useStore ? ctx.scope.ports.activities : undefined;
  return port ? recordedActivity(port, key, kind, accept) : undefined;
}

/** Records call `key`'s result (in the journal kept for a pause, and in the activity store: a promise then). */
export function recordCall(ctx: ExecContext, key: string, kind: 'llm' | 'tool', result: unknown, useStore = true): void | Promise<void> {
  journal(ctx).set(key, { kind, result: snapshot(result) });
  const port = useStore ? ctx.scope.ports.activities : undefined;
  return port ? recordActivity(port, key, kind, result) : undefined;
}

/** The calls of the current step (recorded now or replayed), for the continuation of a node that pauses. */
export function stepCalls(ctx: ExecContext): Record<string, Rec> {
  const prefix = `s${ctx.scope.step()}.`;
  const out: Record<string, Rec> = {};
  for (const m of [overlay(ctx), journal(ctx)]) for (const [k, v] of m) if (k.startsWith(prefix)) out[k] = v;
  return out;
}
