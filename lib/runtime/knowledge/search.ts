/**
 * Querying a knowledge base (issue 23): keyword (BM25-like ranking of the store: FTS5 / tsvector),
 * vector (the query embedded with the base's model, nearest chunks by cosine) or hybrid (both lists,
 * CANDIDATES_PER_HIT × top_k candidates each, fused by reciprocal rank: lib/knowledge/fusion.ts).
 * A base without an embedding model is keyword-only: its default mode is keyword, and asking it for
 * vector or hybrid is a bad_request saying so.
 */
import 'server-only';
import { getStore, type KnowledgeBaseRow, type KnowledgeHit } from '@/db/store';
import type { KnowledgeMode } from '@/lib/contracts/knowledge';
import { AppError } from '@/lib/errors';
import { reciprocalRankFusion } from '@/lib/knowledge/fusion';
import { tokenize } from '@/lib/tools/bm25';
import { embedTexts } from './embed';

export const DEFAULT_TOP_K = 5;
const CANDIDATES_PER_HIT = 4;

export interface KnowledgeQuery {
  query: string;
  topK?: number;
  mode?: KnowledgeMode;
  documentIds?: readonly string[];
  signal?: AbortSignal;
}

export interface KnowledgeResult {
  mode: KnowledgeMode;
  hits: KnowledgeHit[];
}

export function defaultMode(base: KnowledgeBaseRow): KnowledgeMode {
  return base.embeddingConnection && base.embeddingModel ? 'hybrid' : 'keyword';
}

export async function queryKnowledge(base: KnowledgeBaseRow, q: KnowledgeQuery): Promise<KnowledgeResult> {
  const store = getStore().knowledge;
  const mode = q.mode ?? defaultMode(base);
  const topK = q.topK ?? DEFAULT_TOP_K;
  const filter = { baseId: base.id, documentIds: q.documentIds };
  if (mode === 'keyword') return { mode, hits: await store.keywordSearch(tokenize(q.query), { ...filter, limit: topK }) };
  if (!base.embeddingConnection || !base.embeddingModel) {
    throw new AppError('bad_request', `the knowledge base "${base.name}" has no embedding model, so it is searched by keyword only (mode: keyword)`);
  }
  const [vector] = await embedTexts({ connection: base.embeddingConnection, model: base.embeddingModel, workspaceId: base.workspaceId }, [q.query], { signal: q.signal });
  if (mode === 'vector') return { mode, hits: await store.vectorSearch(vector, { ...filter, limit: topK }) };
  const limit = topK * CANDIDATES_PER_HIT;
  const [keyword, nearest] = await Promise.all([store.keywordSearch(tokenize(q.query), { ...filter, limit }), store.vectorSearch(vector, { ...filter, limit })]);
  const byId = new Map<number, KnowledgeHit>([...keyword, ...nearest].map((h) => [h.chunkId, h]));
  const fused = reciprocalRankFusion([keyword.map((h) => h.chunkId), nearest.map((h) => h.chunkId)]).slice(0, topK);
  return { mode, hits: fused.map((f) => ({ ...byId.get(f.id)!, score: f.score })) };
}
