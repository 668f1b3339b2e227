/**
 * Small, total readers over a trace event's `data` (a Record<string, unknown> from the wire):
 * never throw, never trust a field's type.
 */
import type { TraceEvent } from '@/lib/contracts/trace';

export type { TraceEvent };

export function str(data: Record<string, unknown> | undefined, key: string): string | undefined {
  const v = data?.[key];
  return typeof v === 'string' ? v : undefined;
}

export function num(data: Record<string, unknown> | undefined, key: string): number | undefined {
  const v = data?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function obj(data: Record<string, unknown> | undefined, key: string): Record<string, unknown> | undefined {
  const v = data?.[key];
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** Milliseconds since the epoch of an ISO time; NaN-safe (0 when unparseable). */
export function tsMs(ts: string): number {
  const t = Date.parse(ts);
  return Number.isFinite(t) ? t : 0;
}

/** Input/output tokens reported by an llm.response (OpenTelemetry gen_ai.usage.* names). */
export function usageOf(e: TraceEvent): { input: number; output: number } {
  if (e.type !== 'llm.response') return { input: 0, output: 0 };
  return {
    input: num(e.data, 'gen_ai.usage.input_tokens') ?? 0,
    output: num(e.data, 'gen_ai.usage.output_tokens') ?? 0,
  };
}

/** Any value as display text: strings as they are, everything else as pretty JSON. */
export function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  try {
    return JSON.stringify(v, null, 2) ?? String(v);
  } catch {
    return String(v);
  }
}
