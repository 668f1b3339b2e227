/** Small, total helpers over trace events for display (never throw). */
import { eventData, type TraceEvent } from '@/lib/contracts/trace';

/** Input/output tokens reported by an llm.response (OpenTelemetry gen_ai.usage.* names). */
export function usageOf(e: TraceEvent): { input: number; output: number } {
  const d = eventData(e, 'llm.response');
  return { input: d?.['gen_ai.usage.input_tokens'] ?? 0, output: d?.['gen_ai.usage.output_tokens'] ?? 0 };
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
