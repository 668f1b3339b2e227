/**
 * Relevance scores of documents for a query (the top-p sampler's input), by the graph's `scorer`:
 *   bm25        built in (bm25.ts), the default;
 *   rerank      POST <base_url>/rerank { model, query, documents } -> { results: [{ index, relevance_score }] }
 *               (Cohere, Jina, TEI and vLLM speak it);
 *   embeddings  POST <base_url>/embeddings { model, input: [query, ...documents] } -> cosine similarity.
 * Each comes with `logits`: the scores on the scale the softmax is taken over. BM25 scores are used
 * as they are; rerank relevance scores are probabilities (a sigmoid of the cross-encoder's logit), so
 * their logit is used; cosine similarities are divided by 0.05 (the usual contrastive temperature),
 * without which the softmax of values in [-1, 1] would be nearly flat.
 * Connection calls go through the guarded client with the connection's key and headers.
 */
import { AppError } from '../errors';
import type { DocumentScorer } from '../graph/schema';
import { bm25Scores } from './bm25';
import { guardedFetch, safeUrl } from './http-client';
import { upstreamError } from './tool-call';

/** A connection as the runtime resolves it (lib/runtime/connections.ts). */
export interface ScorerConnection {
  base_url: string;
  api_key: string;
  headers?: Record<string, string>;
}

export interface ScorerContext {
  signal: AbortSignal;
  allowedHosts?: string[];
  resolveConnection?: (name: string) => Promise<ScorerConnection | null>;
}

export interface Scores {
  scorer: DocumentScorer['type'];
  /** As the scorer gave them. */
  scores: number[];
  /** What the softmax is taken over. */
  logits: number[];
}

const EMBEDDING_TEMPERATURE = 0.05;

export async function scoreDocuments(scorer: DocumentScorer | undefined, query: string, docs: string[], ctx: ScorerContext): Promise<Scores> {
  if (!docs.length) return { scorer: scorer?.type ?? 'bm25', scores: [], logits: [] };
  if (!scorer || scorer.type === 'bm25') {
    const scores = bm25Scores(query, docs);
    return { scorer: 'bm25', scores, logits: scores };
  }
  const conn = await connection(scorer.connection, ctx);
  if (scorer.type === 'rerank') {
    const json = (await post(conn, 'rerank', { model: scorer.model, query, documents: docs }, ctx)) as { results?: unknown } | unknown[];
    const results = Array.isArray(json) ? json : json?.results;
    if (!Array.isArray(results)) throw new AppError('tool_error', 'rerank: the answer has no `results` list');
    const scores: number[] = new Array(docs.length).fill(Number.NaN);
    for (const r of results as Array<{ index?: unknown; relevance_score?: unknown; score?: unknown }>) {
      const s = typeof r.relevance_score === 'number' ? r.relevance_score : r.score;
      if (typeof r.index === 'number' && r.index >= 0 && r.index < docs.length && typeof s === 'number') scores[r.index] = s;
    }
    const missing = scores.findIndex((s) => Number.isNaN(s));
    if (missing >= 0) throw new AppError('tool_error', `rerank: no score for document ${missing}`);
    const probabilities = scores.every((s) => s >= 0 && s <= 1);
    return { scorer: 'rerank', scores, logits: probabilities ? scores.map(logit) : scores };
  }
  const json = (await post(conn, 'embeddings', { model: scorer.model, input: [query, ...docs] }, ctx)) as { data?: unknown };
  const data = Array.isArray(json?.data) ? (json.data as Array<{ index?: unknown; embedding?: unknown }>) : [];
  const vectors: number[][] = [];
  data.forEach((d, i) => {
    if (Array.isArray(d.embedding)) vectors[typeof d.index === 'number' ? d.index : i] = d.embedding as number[];
  });
  if (vectors.length !== docs.length + 1 || vectors.some((v) => !v)) throw new AppError('tool_error', `embeddings: expected ${docs.length + 1} embeddings, got ${data.length}`);
  const scores = vectors.slice(1).map((v) => cosine(vectors[0], v));
  return { scorer: 'embeddings', scores, logits: scores.map((s) => s / EMBEDDING_TEMPERATURE) };
}

export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

function logit(p: number): number {
  const q = Math.min(Math.max(p, 1e-6), 1 - 1e-6);
  return Math.log(q / (1 - q));
}

async function connection(name: string, ctx: ScorerContext): Promise<ScorerConnection> {
  const conn = ctx.resolveConnection ? await ctx.resolveConnection(name) : null;
  if (!conn) throw new AppError('tool_error', `Scorer connection "${name}" is not configured (Settings → Connections)`);
  return conn;
}

async function post(conn: ScorerConnection, path: string, body: unknown, ctx: ScorerContext): Promise<unknown> {
  const url = `${conn.base_url.replace(/\/+$/, '')}/${path}`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', ...(conn.headers ?? {}) };
  if (conn.api_key) headers.authorization = `Bearer ${conn.api_key}`;
  const res = await guardedFetch({ url, method: 'POST', headers, body: JSON.stringify(body), signal: ctx.signal, allowedHosts: ctx.allowedHosts });
  const text = res.body.toString('utf8');
  if (res.status < 200 || res.status >= 300) throw upstreamError(`${path}: ${safeUrl(res.url)} answered ${res.status}: ${text.slice(0, 300)}`, res);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('http_error', `${path}: ${safeUrl(res.url)} did not answer JSON: ${text.slice(0, 200)}`);
  }
}
