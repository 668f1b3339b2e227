/**
 * The mock server's POST /v1/embeddings (OpenAI's shape): deterministic vectors, a hashed bag of
 * words (MOCK_EMBEDDING_DIM dimensions; each lowercase word, a trailing `s` dropped, adds ±1 at its
 * FNV-1a hash (high bits: where, low bit: the sign); unit length), so texts sharing words are near each other and the same text always
 * gets the same vector. `encoding_format: base64` answers little-endian float32 in base64, as the
 * real API does. A model whose name starts with `failing` answers 500 (an embedding endpoint that
 * is down); `input` must be a string or a list of strings.
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from './mock-respond';

export const MOCK_EMBEDDING_DIM = 1024;

const STOP = new Set('a an and are as at be by do does for from how i in is it of on or that the this to was what when where which who why with you your can my'.split(' '));

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The mock's vector of a text. */
export function mockEmbedding(text: string): number[] {
  const v = new Array<number>(MOCK_EMBEDDING_DIM).fill(0);
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (STOP.has(raw)) continue;
    const word = raw.length > 3 && raw.endsWith('s') ? raw.slice(0, -1) : raw;
    const h = fnv1a(word);
    v[(h >>> 8) % MOCK_EMBEDDING_DIM] += h & 1 ? -1 : 1;
  }
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return norm ? v.map((x) => x / norm) : v;
}

export function handleEmbeddings(res: ServerResponse, body: unknown): void {
  const b = (body ?? {}) as { model?: unknown; input?: unknown; encoding_format?: unknown };
  if (typeof b.model !== 'string') return sendJson(res, 400, { error: { message: 'mock: `model` is required', type: 'invalid_request_error' } });
  const inputs = typeof b.input === 'string' ? [b.input] : b.input;
  if (!Array.isArray(inputs) || !inputs.length || inputs.some((i) => typeof i !== 'string')) {
    return sendJson(res, 400, { error: { message: 'mock: `input` must be a string or a non-empty list of strings', type: 'invalid_request_error' } });
  }
  if (b.model.startsWith('failing')) return sendJson(res, 500, { error: { message: `mock: the embedding model "${b.model}" is down`, type: 'server_error' } });
  const base64 = b.encoding_format === 'base64';
  const data = (inputs as string[]).map((text, index) => {
    const v = mockEmbedding(text);
    return { object: 'embedding', index, embedding: base64 ? Buffer.from(Float32Array.from(v).buffer).toString('base64') : v };
  });
  const tokens = (inputs as string[]).reduce((s, t) => s + Math.ceil(t.length / 4), 0);
  sendJson(res, 200, { object: 'list', model: b.model, data, usage: { prompt_tokens: tokens, total_tokens: tokens } });
}
