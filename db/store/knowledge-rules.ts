/** What both stores' knowledge repositories share (db/knowledge.ts, db/store/pg/knowledge.ts): messages, query building, the vector encoding. */
import { AppError } from '@/lib/errors';
import { MAX_CHUNKS_PER_BASE } from './ports-knowledge';

export const baseNameTaken = (name: string) => new AppError('conflict', `a knowledge base named "${name}" already exists in this workspace`);

export const chunkCapMessage = (held: number, adding: number) =>
  `the knowledge base would hold ${held + adding} chunks; at most ${MAX_CHUNKS_PER_BASE} are kept per base (split it, or raise the chunk size)`;

/** Search terms as the stores accept them: letters and digits only (no query syntax gets through), at most 64. */
export function cleanTerms(terms: readonly string[]): string[] {
  return [...new Set(terms.map((t) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')).filter(Boolean))].slice(0, 64);
}

/** An FTS5 MATCH expression: any of the terms, each a quoted string (null: no term). */
export function ftsQuery(terms: readonly string[]): string | null {
  const clean = cleanTerms(terms);
  return clean.length ? clean.map((t) => `"${t}"`).join(' OR ') : null;
}

/** A Postgres to_tsquery expression: any of the terms (null: no term). */
export function tsQuery(terms: readonly string[]): string | null {
  const clean = cleanTerms(terms);
  return clean.length ? clean.join(' | ') : null;
}

/** A vector as little-endian float32 bytes (what sqlite-vec reads, and what bytea keeps). */
export function vectorBytes(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

export function vectorOf(bytes: Uint8Array): Float32Array {
  const copy = new Uint8Array(bytes); // aligned
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
}
