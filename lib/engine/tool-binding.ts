/**
 * A tool as a node's model loop sees it: the binding tool-runner.ts runs, what a call returns, and
 * its arguments from plain text (react's Action Input, a reflection's rephrased input).
 */
import type { ToolDefinition } from './ports';

export interface ToolOutcome {
  output: string;
  truncated?: boolean;
  original_bytes?: number;
  /** Fields for the tool.result trace event (a retriever's pages, a sampler's scores, a reflection's attempts). */
  data?: Record<string, unknown>;
}

export interface ToolBinding {
  /** The function name the model sees (the tool id, or the worker node id). */
  name: string;
  /** For tool.call: the tool type (`calculator`, `http`, ..., `agent`, `worker`). */
  type: string;
  description: string;
  definition: ToolDefinition;
  /**
   * Runs the tool; throws on failure. `span` is the tool.call span (children nest under it);
   * `activity` the call's deterministic key (the HTTP tool's Idempotency-Key); `callId` the
   * model's tool call id (or one derived from the key), which a human / client tool's pause names.
   */
  invoke(args: unknown, span: string, activity: string, callId: string): Promise<ToolOutcome>;
}

/** Text for a parameter of JSON Schema type `type`: a number or boolean when it reads as one, else the text. */
function typed(text: string, type: unknown): unknown {
  if ((type === 'integer' || type === 'number') && text !== '' && Number.isFinite(Number(text))) return Number(text);
  if (type === 'boolean' && /^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  return text;
}

/**
 * Arguments for a tool from plain text (react's `Action Input`): a JSON object is used as is;
 * otherwise the text fills the tool's single parameter, whatever its name (else its single required
 * one, else its first string one, else `input`).
 */
export function argsFromText(binding: ToolBinding, text: string): Record<string, unknown> {
  const t = text.trim();
  if (t.startsWith('{')) {
    try {
      const v: unknown = JSON.parse(t);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // not JSON: treat as text
    }
  }
  const params = binding.definition.function.parameters as { properties?: Record<string, { type?: unknown }>; required?: unknown };
  const props = params?.properties ?? {};
  const names = Object.keys(props);
  const required = Array.isArray(params?.required) ? (params.required as string[]) : [];
  const stringKeys = names.filter((k) => props[k]?.type === 'string' || props[k]?.type === undefined);
  const key = (names.length === 1 ? names[0] : undefined) ?? (required.length === 1 ? required[0] : undefined) ?? stringKeys[0] ?? names[0] ?? 'input';
  return { [key]: typed(t, props[key]?.type) };
}
