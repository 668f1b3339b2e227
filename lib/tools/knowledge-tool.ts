/**
 * The `knowledge` tool (issue 23): the model's `query` searched in a knowledge base of the run's
 * workspace (the runtime's KnowledgePort: lib/runtime/knowledge/tool-port.ts), `top_k` hits by
 * `mode`, then, with `top_p`, seed 001's top-p sampler over the hits' scores (scaled to 0–1 and
 * divided by TOP_P_TEMPERATURE before the softmax, as ranks of different scales would otherwise be
 * nearly flat). The model sees numbered passages, each with its citation (document, section, page);
 * the trace gets the query, the mode and every hit with its score, document and position.
 */
import { z } from 'zod';
import { AppError } from '../errors';
import type { ToolDefinition } from '../engine/ports';
import type { KnowledgeMode, ToolSpec } from '../graph/schema';
import { softmax, topPIndices } from './document-sampler';

export type KnowledgeToolSpec = Extract<ToolSpec, { type: 'knowledge' }>;

export const TOP_P_TEMPERATURE = 0.1;

export interface KnowledgeToolHit {
  text: string;
  score: number;
  document: { id: string; name: string };
  position: number;
  section: string | null;
  page: number | null;
}

/** Knowledge bases as a run reaches them: by name, in the run's workspace (not_found otherwise). */
export interface KnowledgePort {
  query(base: string, query: string, opts: { topK?: number; mode?: KnowledgeMode; signal: AbortSignal }): Promise<{ mode: KnowledgeMode; hits: KnowledgeToolHit[] }>;
}

const Args = z.object({ query: z.string().trim().min(1, 'query must not be empty').max(2000) });

export function knowledgeDefinition(name: string, spec: KnowledgeToolSpec): ToolDefinition {
  return {
    type: 'function',
    function: {
      name,
      description: spec.description ?? `Search the knowledge base "${spec.knowledge_base}" for passages that answer a question; cite the document of the passage you use.`,
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'The question or keywords to look up' } },
        required: ['query'],
        additionalProperties: false,
      },
    },
  };
}

/** Where a hit comes from, as the answer may cite it: `guide.pdf, p. 3` or `faq.md › Install`. */
export function citation(hit: KnowledgeToolHit): string {
  return `${hit.document.name}${hit.section ? ` › ${hit.section}` : ''}${hit.page !== null ? `, p. ${hit.page}` : ''}`;
}

/** The hits kept by top-p (best first), with their probabilities. */
function sampled(hits: KnowledgeToolHit[], p: number): { kept: KnowledgeToolHit[]; probabilities: number[] } {
  if (!hits.length) return { kept: [], probabilities: [] };
  const max = Math.max(...hits.map((h) => h.score));
  const min = Math.min(...hits.map((h) => h.score));
  const scaled = hits.map((h) => (max > min ? (h.score - min) / (max - min) : 1) / TOP_P_TEMPERATURE);
  const probabilities = softmax(scaled);
  return { kept: topPIndices(probabilities, p).map((i) => hits[i]), probabilities };
}

export async function runKnowledgeTool(spec: KnowledgeToolSpec, rawArgs: unknown, ctx: { signal: AbortSignal; knowledge?: KnowledgePort }): Promise<{ output: string; data: Record<string, unknown> }> {
  const parsed = Args.safeParse(typeof rawArgs === 'string' ? { query: rawArgs } : rawArgs);
  if (!parsed.success) throw new AppError('tool_error', `Invalid arguments: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}`);
  if (!ctx.knowledge) throw new AppError('tool_error', 'knowledge bases are not available here (the CLI runs graphs without a server: use `switchyard run --remote`)');
  const query = parsed.data.query;
  const { mode, hits } = await ctx.knowledge.query(spec.knowledge_base, query, { topK: spec.top_k, mode: spec.mode, signal: ctx.signal });
  const { kept, probabilities } = spec.top_p !== undefined ? sampled(hits, spec.top_p) : { kept: hits, probabilities: [] };
  const output = kept.length
    ? kept.map((h, i) => `[${i + 1}] ${citation(h)}\n${h.text}`).join('\n\n')
    : `No passage of the knowledge base "${spec.knowledge_base}" matches "${query}".`;
  return {
    output,
    data: {
      knowledge_base: spec.knowledge_base,
      query,
      mode,
      ...(spec.top_p !== undefined ? { top_p: spec.top_p } : {}),
      hits: hits.map((h, i) => ({
        document: h.document,
        position: h.position,
        section: h.section,
        page: h.page,
        score: h.score,
        ...(spec.top_p !== undefined ? { probability: probabilities[i], kept: kept.includes(h) } : {}),
      })),
    },
  };
}
