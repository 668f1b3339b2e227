/**
 * Sampling parameters of an API request (temperature, top_p, the output token cap) for the graph's
 * model calls: they replace the values of every entry of the run's `models:` (each model call of
 * the run then sends them). Nothing is dropped: a request that sets one gets it on every call.
 */
import type { GraphDocument } from '@/lib/graph/schema';

export interface Sampling {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
}

export function hasSampling(s: Sampling | undefined): s is Sampling {
  return !!s && (s.temperature !== undefined || s.top_p !== undefined || s.max_tokens !== undefined);
}

/** `doc` with the request's sampling on each of its models (unchanged without any). */
export function withSampling(doc: GraphDocument, s: Sampling | undefined): GraphDocument {
  if (!hasSampling(s) || !doc.models) return doc;
  const set = Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined));
  return { ...doc, models: Object.fromEntries(Object.entries(doc.models).map(([name, spec]) => [name, { ...spec, ...set }])) };
}
