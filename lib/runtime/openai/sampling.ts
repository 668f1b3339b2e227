/**
 * A request's sampling parameters on /api/v1 (chat completions; any OpenAI-shaped entry point can
 * use it): each one reaches the graph's model calls or is refused with a 400 naming it, never
 * silently dropped.
 *
 * - `temperature`, `top_p`, `max_completion_tokens` (or the older `max_tokens`) are the settings a
 *   graph's `models:` entries have. The graph allows an override where it leaves the setting unset:
 *   the value goes to every model of the graph that does not fix it (the run's document, so the trace's
 *   llm.request shows it). A graph whose every model fixes it to another value refuses the request
 *   (400 naming the parameter): its author chose the value.
 * - Parameters a graph run cannot honour (`response_format` other than text, `stop`, `seed`,
 *   penalties, `logit_bias`, `logprobs`, audio, reasoning effort...) are refused with a 400 naming
 *   them, unless they say only what a run does anyway (`response_format: {type: "text"}`,
 *   `frequency_penalty: 0`, `logprobs: false`, `parallel_tool_calls: true`, `modalities: ["text"]`).
 */
import { z } from 'zod';
import type { GraphDocument } from '@/lib/graph/schema';
import { OpenAIApiError } from './errors';

/** What a request asks of the graph's model calls. */
export interface SamplingOverrides {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
}

const Sampling = z.object({
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  max_tokens: z.number().int().min(1).max(1_000_000).nullish(),
  max_completion_tokens: z.number().int().min(1).max(1_000_000).nullish(),
});

/** A parameter and the values of it that ask nothing a run does not do anyway. */
const HARMLESS: Record<string, (v: unknown) => boolean> = {
  response_format: (v) => v === 'auto' || (typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'text'),
  frequency_penalty: (v) => v === 0,
  presence_penalty: (v) => v === 0,
  logprobs: (v) => v === false,
  parallel_tool_calls: (v) => v === true,
  modalities: (v) => Array.isArray(v) && v.every((m) => m === 'text'),
  logit_bias: (v) => typeof v === 'object' && v !== null && Object.keys(v).length === 0,
  stop: (v) => (Array.isArray(v) && v.length === 0) || v === '',
  top_logprobs: (v) => v === 0,
};

/** Parameters a graph run cannot honour, and why (the 400's message). */
const REFUSED: Record<string, string> = {
  response_format: 'the graph decides the shape of its answer (declare it as the graph\'s output schema)',
  stop: 'stop sequences belong to the graph\'s nodes, not to the request',
  seed: 'a graph run makes several model calls; a seed is not passed to them',
  frequency_penalty: 'penalties are not passed to the graph\'s model calls',
  presence_penalty: 'penalties are not passed to the graph\'s model calls',
  logit_bias: 'logit_bias is not passed to the graph\'s model calls',
  logprobs: 'a graph\'s answer has no log probabilities',
  top_logprobs: 'a graph\'s answer has no log probabilities',
  parallel_tool_calls: 'the graph\'s agent decides how many tools it calls at once',
  reasoning_effort: 'reasoning effort is not passed to the graph\'s model calls',
  verbosity: 'verbosity is not passed to the graph\'s model calls',
  modalities: 'a graph answers in text only',
  audio: 'a graph answers in text only',
  prediction: 'predicted outputs are not supported',
  web_search_options: 'web search is a tool of the graph, not a request option',
  functions: 'use `tools` (the caller\'s functions)',
  function_call: 'use `tool_choice`',
};

const OVERRIDABLE = ['temperature', 'top_p', 'max_tokens'] as const;

/**
 * The sampling overrides of a request body, after refusing what cannot be honoured (400 naming the
 * parameter). Absent and null values ask nothing.
 */
export function samplingOf(body: Record<string, unknown>): SamplingOverrides {
  for (const [param, why] of Object.entries(REFUSED)) {
    const v = body[param];
    if (v === undefined || v === null || HARMLESS[param]?.(v)) continue;
    throw new OpenAIApiError('bad_request', `Unsupported parameter: '${param}': ${why}.`, { param, code: 'unsupported_parameter' });
  }
  const parsed = Sampling.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = issue.path.map(String).join('.');
    throw new OpenAIApiError('bad_request', `Invalid '${param}': ${issue.message}.`, { param, code: 'invalid_value' });
  }
  const s = parsed.data;
  if (s.max_tokens != null && s.max_completion_tokens != null && s.max_tokens !== s.max_completion_tokens) {
    throw new OpenAIApiError('bad_request', "Send either 'max_tokens' or 'max_completion_tokens', not both with different values.", { param: 'max_tokens', code: 'invalid_value' });
  }
  const out: SamplingOverrides = {};
  if (s.temperature != null) out.temperature = s.temperature;
  if (s.top_p != null) out.top_p = s.top_p;
  const max = s.max_completion_tokens ?? s.max_tokens;
  if (max != null) out.max_tokens = max;
  return out;
}

/** The request's names of the overridable settings (for a 400), where they differ from the setting's. */
export type SamplingParams = Partial<Record<(typeof OVERRIDABLE)[number], string>>;

/** Chat completions and assistants: the output cap is `max_completion_tokens` or the older `max_tokens`, as sent. */
export function chatParamNames(body: Record<string, unknown>): SamplingParams {
  return body.max_completion_tokens != null ? { max_tokens: 'max_completion_tokens' } : {};
}

/**
 * `doc` with the overrides set on every model that leaves them unset; the same `doc` when there is
 * nothing to set. A setting every model fixes to another value: 400 naming the parameter.
 */
export function documentWithSampling(doc: GraphDocument, overrides: SamplingOverrides = {}, params: SamplingParams = {}): GraphDocument {
  const models = doc.models ?? {};
  const names = Object.keys(models);
  let changed = false;
  const next = Object.fromEntries(names.map((n) => [n, { ...models[n] }]));
  for (const setting of OVERRIDABLE) {
    const value = overrides[setting];
    if (value === undefined) continue;
    const open = names.filter((n) => models[n][setting] === undefined);
    const same = names.filter((n) => models[n][setting] === value);
    if (!open.length && !same.length && names.length) {
      const param = params[setting] ?? setting;
      const fixed = names.map((n) => `${n}: ${models[n][setting]}`).join(', ');
      throw new OpenAIApiError('bad_request', `Graph "${doc.name}" fixes ${setting} on all its models (${fixed}), so the request's '${param}' cannot apply; leave it out, or unset it in the graph to allow it.`, { param, code: 'unsupported_value' });
    }
    for (const n of open) next[n][setting] = value;
    changed ||= open.length > 0;
  }
  return changed ? { ...doc, models: next } : doc;
}
