/**
 * Top-p (nucleus) sampling of documents (seed 001): score each document's relevance to the query
 * (scorers.ts), softmax the scores into probabilities, and keep the smallest set, best first, whose
 * cumulative probability reaches p. Used by the web_retriever's `top_p` and as the
 * `document_sampler` tool (`{ query, documents }` in, the kept documents out).
 */
import { z } from 'zod';
import { AppError } from '../errors';
import type { ToolDefinition } from '../engine/ports';
import type { DocumentScorer, ToolSpec } from '../graph/schema';
import { documentsOutput, parseDocuments, type ToolDocument } from './documents';
import { scoreDocuments, type ScorerContext } from './scorers';

export type DocumentSamplerSpec = Extract<ToolSpec, { type: 'document_sampler' }>;

export const DEFAULT_TOP_P = 0.9;

export function softmax(xs: number[]): number[] {
  if (!xs.length) return [];
  const max = Math.max(...xs);
  const exps = xs.map((x) => Math.exp(x - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

/**
 * The indices kept, best first: the smallest prefix (by probability, ties in input order) whose
 * cumulative probability reaches p. At least one is kept when there is any.
 */
export function topPIndices(probabilities: number[], p: number): number[] {
  const order = probabilities.map((_, i) => i).sort((a, b) => probabilities[b] - probabilities[a] || a - b);
  const kept: number[] = [];
  let cumulative = 0;
  for (const i of order) {
    kept.push(i);
    cumulative += probabilities[i];
    if (cumulative >= p - 1e-12) break;
  }
  return kept;
}

export interface SampledDocument {
  index: number;
  score: number;
  probability: number;
  kept: boolean;
}

export interface Sampling {
  /** The kept documents, best first, with `score` and `probability` in their meta. */
  documents: ToolDocument[];
  /** For the trace: every document's score and probability, and whether it was kept. */
  trace: { top_p: number; scorer: string; kept: number; documents: SampledDocument[] };
}

export async function sampleDocuments(docs: ToolDocument[], query: string, p: number, scorer: DocumentScorer | undefined, ctx: ScorerContext): Promise<Sampling> {
  const { scorer: kind, scores, logits } = await scoreDocuments(scorer, query, docs.map((d) => d.content), ctx);
  const probabilities = softmax(logits);
  const kept = topPIndices(probabilities, p);
  const keptSet = new Set(kept);
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  return {
    documents: kept.map((i) => ({ content: docs[i].content, meta: { ...docs[i].meta, score: round(scores[i]), probability: round(probabilities[i]) } })),
    trace: {
      top_p: p,
      scorer: kind,
      kept: kept.length,
      documents: docs.map((_, i) => ({ index: i, score: round(scores[i]), probability: round(probabilities[i]), kept: keptSet.has(i) })),
    },
  };
}

const SamplerArgs = z.object({ query: z.string().trim().min(1, 'query must not be empty').max(2000), documents: z.unknown() });

export function documentSamplerDefinition(name: string, spec: DocumentSamplerSpec): ToolDefinition {
  return {
    type: 'function',
    function: {
      name,
      description: spec.description ?? 'Keep only the documents relevant to a query (top-p sampling by relevance).',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What the documents should be relevant to' },
          documents: {
            type: 'array',
            description: 'The documents: { content, meta } objects or strings',
            items: { anyOf: [{ type: 'string' }, { type: 'object', properties: { content: { type: 'string' }, meta: { type: 'object' } }, required: ['content'] }] },
          },
        },
        required: ['query', 'documents'],
        additionalProperties: false,
      },
    },
  };
}

export async function runDocumentSampler(spec: DocumentSamplerSpec, rawArgs: unknown, ctx: ScorerContext): Promise<{ output: string; data: Record<string, unknown> }> {
  const parsed = SamplerArgs.safeParse(rawArgs);
  if (!parsed.success) throw new AppError('tool_error', `Invalid arguments: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}`);
  const docs = parseDocuments(parsed.data.documents);
  const { documents, trace } = await sampleDocuments(docs, parsed.data.query, spec.top_p ?? DEFAULT_TOP_P, spec.scorer, ctx);
  return { output: documentsOutput(documents), data: { sampling: trace } };
}
