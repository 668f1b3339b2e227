/**
 * Embeddings of a knowledge base's chunks and queries: the connection's OpenAI-compatible
 * /embeddings through the openai SDK (lib/llm's client: the outbound address policy, the key
 * redacted), EMBED_BATCH texts a request, each request retried by the SDK on 429/5xx/timeouts
 * (EMBED_RETRIES times, with its back-off). A missing connection, a failing endpoint or an answer
 * of the wrong shape is an AppError naming the connection and the problem.
 */
import 'server-only';
import { AppError } from '@/lib/errors';
import { openaiClient, type Connection } from '@/lib/llm';
import { resolveConnection } from '../connections';

export const EMBED_BATCH = 64;
export const EMBED_RETRIES = 2;
const EMBED_TIMEOUT_MS = 60_000;

export interface EmbeddingTarget {
  connection: string;
  model: string;
  /** The base's workspace: its own connections and the instance-wide ones are visible. */
  workspaceId: string;
}

async function connectionFor(target: EmbeddingTarget): Promise<Connection> {
  const conn = await resolveConnection(target.connection, target.workspaceId);
  if (!conn) throw new AppError('no_connection', `the embedding connection "${target.connection}" is not configured (Settings → Connections)`);
  return conn;
}

function describe(err: unknown, target: EmbeddingTarget): AppError {
  const status = (err as { status?: unknown })?.status;
  const message = err instanceof Error ? err.message : String(err);
  return new AppError('model_error', `embeddings (connection "${target.connection}", model "${target.model}") failed${typeof status === 'number' ? ` with ${status}` : ''}: ${message.slice(0, 300)}`);
}

/** One vector per text, in order; `onBatch(done, total)` after each batch. */
export async function embedTexts(target: EmbeddingTarget, texts: string[], opts: { onBatch?: (done: number, total: number) => Promise<void> | void; signal?: AbortSignal } = {}): Promise<Float32Array[]> {
  const client = openaiClient(await connectionFor(target), EMBED_TIMEOUT_MS);
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += EMBED_BATCH) {
    const batch = texts.slice(i, i + EMBED_BATCH);
    let data: { index: number; embedding: number[] }[];
    try {
      const res = await client.embeddings.create({ model: target.model, input: batch, encoding_format: 'float' }, { maxRetries: EMBED_RETRIES, signal: opts.signal });
      data = res.data;
    } catch (err) {
      throw describe(err, target);
    }
    const vectors: Float32Array[] = [];
    for (const d of data ?? []) if (Array.isArray(d.embedding) && typeof d.index === 'number') vectors[d.index] = Float32Array.from(d.embedding);
    if (vectors.length !== batch.length || vectors.some((v) => !v) || new Set(vectors.map((v) => v.length)).size !== 1) {
      throw new AppError('model_error', `embeddings (connection "${target.connection}", model "${target.model}"): expected ${batch.length} vectors of one dimension, got ${data?.length ?? 0}`);
    }
    out.push(...vectors);
    await opts.onBatch?.(out.length, texts.length);
  }
  return out;
}
