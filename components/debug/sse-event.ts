/**
 * Turn one SSE message (`event: <type>`, `data: <json>`, `id: <seq>`) into a TraceEvent, or an
 * error saying what was wrong. Never evaluates anything; the JSON is only parsed and checked.
 * An event type this version does not know (a newer server's) is kept: the timeline shows it as
 * "unknown event <type>" (lib/contracts/trace-fold.ts) instead of dropping or mislabelling it.
 */
import { TRACE_EVENT_TYPES, type TraceEvent, type TraceEventType } from '@/lib/contracts/trace';

const TYPES: ReadonlySet<string> = new Set(TRACE_EVENT_TYPES);

export type ParsedSse = { ok: true; event: TraceEvent } | { ok: false; error: string };

export function isTraceEventType(t: unknown): t is TraceEventType {
  return typeof t === 'string' && TYPES.has(t);
}

/** A known type, or a name shaped like one (`word.word`): kept and shown as an unknown event. */
const EVENT_TYPE_NAME = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

/** Check an unknown value (from SSE data or GET /api/runs/:id) has the trace envelope. */
export function toTraceEvent(v: unknown): ParsedSse {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return { ok: false, error: 'event is not an object' };
  const e = v as Record<string, unknown>;
  if (typeof e.seq !== 'number' || !Number.isInteger(e.seq)) return { ok: false, error: 'event.seq is not an integer' };
  if (!isTraceEventType(e.type) && !(typeof e.type === 'string' && e.type.length <= 64 && EVENT_TYPE_NAME.test(e.type))) {
    return { ok: false, error: `event.type ${JSON.stringify(e.type)} is not an event type name` };
  }
  if (typeof e.run_id !== 'string') return { ok: false, error: 'event.run_id is not a string' };
  if (typeof e.span_id !== 'string') return { ok: false, error: 'event.span_id is not a string' };
  if (typeof e.ts !== 'string') return { ok: false, error: 'event.ts is not a string' };
  const data = e.data !== null && typeof e.data === 'object' && !Array.isArray(e.data) ? (e.data as Record<string, unknown>) : {};
  return {
    ok: true,
    event: {
      seq: e.seq,
      run_id: e.run_id,
      ts: e.ts,
      type: e.type as TraceEventType,
      step: typeof e.step === 'number' ? e.step : 0,
      node: typeof e.node === 'string' ? e.node : undefined,
      span_id: e.span_id,
      parent_span_id: typeof e.parent_span_id === 'string' ? e.parent_span_id : undefined,
      data,
    },
  };
}

export function parseSseMessage(data: string): ParsedSse {
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch (err) {
    return { ok: false, error: `SSE data is not JSON: ${(err as Error).message}` };
  }
  return toTraceEvent(v);
}
