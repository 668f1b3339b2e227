/**
 * Bounded traces: what the event recorder stores of an event.
 * - Model text, tool arguments and tool results are capped at `fieldMax` bytes per field
 *   (SWITCHYARD_TRACE_FIELD_MAX, default 256 KiB); the event then says `truncated: true` and the
 *   full size (`original_bytes`; per message in llm.request). A span's llm.delta text as a whole
 *   gets the same cap: past it, deltas are dropped (the delta that reaches it says `truncated`).
 * - Any other string in any event (state snapshots, outputs) is capped at `fieldMax / 4` and ends
 *   with a note of its full size; the full values stay in the checkpoint and the run row.
 * - `llm.request` holds only the messages it does not share with the same node's previous
 *   llm.request in the run (`messages_ref: { seq, count }`); lib/contracts/llm-prompt.ts rebuilds
 *   the whole prompt.
 * - A run records at most `maxEvents` events (SWITCHYARD_RUN_MAX_EVENTS, default 20,000); past it
 *   the run fails with code `event_budget` (the events that end a run are always written).
 */
import type { TraceEventInput } from '@/lib/contracts/trace';
import { sameMessage } from './same-message';

export interface TraceLimits {
  fieldMax: number;
  maxEvents: number;
}

const DEFAULT_FIELD_MAX = 256 * 1024;
const DEFAULT_MAX_EVENTS = 20_000;
const MAX_NESTING = 100;

function positiveInt(raw: string | undefined, fallback: number, min: number): number {
  const n = Number(raw?.trim());
  return raw?.trim() && Number.isInteger(n) && n >= min ? n : fallback;
}

export function traceLimits(env: Record<string, string | undefined> = process.env): TraceLimits {
  return {
    fieldMax: positiveInt(env.SWITCHYARD_TRACE_FIELD_MAX, DEFAULT_FIELD_MAX, 1024),
    maxEvents: positiveInt(env.SWITCHYARD_RUN_MAX_EVENTS, DEFAULT_MAX_EVENTS, 10),
  };
}

export function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** `s` cut to at most `max` UTF-8 bytes (never inside a character). */
export function cutBytes(s: string, max: number): string {
  if (s.length <= max / 3) return s; // fast path: even 3 bytes a character fits
  return Buffer.from(s, 'utf8').subarray(0, max).toString('utf8').replace(/\uFFFD+$/, '');
}

/** A field capped at `max` bytes: the (cut) text and, when cut, its full size. */
export function capField(s: string, max: number): { text: string; original_bytes?: number } {
  if (s.length <= max / 3) return { text: s };
  const bytes = byteLength(s);
  return bytes <= max ? { text: s } : { text: cutBytes(s, max), original_bytes: bytes };
}

/**
 * `value` with its strings at most `max` bytes (cut ones end with a note of their size). Copied
 * only where something was cut: the rest is the value itself (trace data is never changed after
 * it is emitted), so a conversation or a state of thousands of messages is not copied whole.
 */
export function capStrings(value: unknown, max: number, depth = 0): unknown {
  if (typeof value === 'string') {
    const c = capField(value, max);
    return c.original_bytes === undefined ? value : `${c.text}… [truncated from ${c.original_bytes} bytes]`;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_NESTING) return '[nested too deep for the trace]';
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = capStrings(value[i], max, depth + 1);
      if (v !== value[i]) (out ??= value.slice())[i] = v;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    const c = capStrings(v, max, depth + 1);
    if (c !== v) (out ??= { ...value })[k] = c;
  }
  return out ?? value;
}

/** A value as JSON capped at `max` bytes: the value itself when small enough, else its cut JSON text. */
function capJson(value: unknown, max: number): { value: unknown; original_bytes?: number } {
  const json = JSON.stringify(value) ?? '';
  const c = capField(json, max);
  return c.original_bytes === undefined ? { value } : { value: c.text, original_bytes: c.original_bytes };
}

function capMessage(m: unknown, max: number): unknown {
  if (!m || typeof m !== 'object') return m;
  let msg = m as Record<string, unknown>;
  if (typeof msg.content === 'string') {
    const c = capField(msg.content, max);
    if (c.original_bytes !== undefined) msg = { ...msg, content: c.text, truncated: true, original_bytes: c.original_bytes };
  }
  return capStrings(msg, max);
}

/** The data of an event as stored: the caps above applied (llm.delta is capped per span by the recorder). */
export function boundedData(type: TraceEventInput['type'], data: Record<string, unknown>, limits: TraceLimits): Record<string, unknown> {
  const max = limits.fieldMax;
  switch (type) {
    case 'llm.delta':
      return data;
    case 'llm.request': {
      const { messages, ...rest } = data;
      return { ...(capStrings(rest, max) as Record<string, unknown>), messages: Array.isArray(messages) ? messages.map((m) => capMessage(m, max)) : messages };
    }
    case 'llm.response':
    case 'tool.result': {
      const key = type === 'llm.response' ? 'content' : 'output';
      const out = { ...(capStrings(data, max) as Record<string, unknown>) };
      const text = data[key];
      if (typeof text === 'string') {
        const c = capField(text, max);
        out[key] = c.text;
        if (c.original_bytes !== undefined) Object.assign(out, { truncated: true, original_bytes: Math.max(c.original_bytes, Number(data.original_bytes) || 0) });
      }
      return out;
    }
    case 'tool.call': {
      const out = { ...(capStrings(data, max) as Record<string, unknown>) };
      const c = capJson(data.args, max);
      out.args = c.original_bytes === undefined ? out.args : c.value;
      if (c.original_bytes !== undefined) Object.assign(out, { truncated: true, original_bytes: c.original_bytes });
      return out;
    }
    default:
      return capStrings(data, Math.max(1024, Math.floor(max / 4))) as Record<string, unknown>;
  }
}

/**
 * Per node (and call purpose), the messages of its previous llm.request in this run and that
 * event's seq; `compact` stores only what a request does not share with it: the common prefix
 * becomes `messages_ref: { seq, count }` (lib/contracts/llm-prompt.ts resolves it). The
 * comparison is field by field, so a step costs about the same at 10 and at 5,000 messages.
 */
export function requestCompactor() {
  const previous = new Map<string, { seq: number; messages: unknown[] }>();
  return {
    /** The data to store for `input`, which is recorded as event `seq`. */
    compact(input: TraceEventInput, seq: number): Record<string, unknown> {
      const messages = input.data.messages;
      if (input.type !== 'llm.request' || !Array.isArray(messages)) return input.data;
      const key = `${input.node ?? input.parent_span_id ?? input.span_id}\u0000${typeof input.data.purpose === 'string' ? input.data.purpose : ''}`;
      const prev = previous.get(key);
      previous.set(key, { seq, messages });
      if (!prev) return input.data;
      const max = Math.min(prev.messages.length, messages.length);
      let count = 0;
      while (count < max && sameMessage(prev.messages[count], messages[count])) count++;
      if (count === 0) return input.data;
      return { ...input.data, messages_ref: { seq: prev.seq, count }, messages: messages.slice(count) };
    },
  };
}
