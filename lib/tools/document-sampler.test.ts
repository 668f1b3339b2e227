import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { bm25Scores } from './bm25';
import { runDocumentSampler, softmax, topPIndices } from './document-sampler';
import type { LocalServer } from './testing/local-server';
import { startModelEndpoints } from './testing/retrieval-servers';

let models: LocalServer;
beforeAll(async () => {
  // Rerank probabilities whose logits are ln 3 (= 0.75), 0 (= 0.5) and -ln 3 (= 0.25).
  models = await startModelEndpoints({ alpha: 0.75, beta: 0.5, gamma: 0.25 }, { q: [1, 0, 0], alpha: [0, 1, 0], beta: [1, 0, 0], gamma: [0.6, 0.8, 0] });
});
afterAll(() => models.close());

const ctx = (key = 'sk-scorer') => ({
  signal: new AbortController().signal,
  allowedHosts: ['127.0.0.1'],
  resolveConnection: async (name: string) => (name === 'scoring' ? { base_url: `${models.origin}/v1`, api_key: key } : null),
});
const DOCS = ['alpha text', 'beta text', 'gamma text'];

describe('top-p sampling', () => {
  it('keeps exactly the smallest set, best first, whose cumulative probability reaches p', () => {
    const probs = [0.1, 0.5, 0.3, 0.1];
    expect(topPIndices(probs, 0.5)).toEqual([1]);
    expect(topPIndices(probs, 0.51)).toEqual([1, 2]);
    expect(topPIndices(probs, 0.8)).toEqual([1, 2]);
    expect(topPIndices(probs, 0.81)).toEqual([1, 2, 0]); // ties: the earlier document first
    expect(topPIndices(probs, 1)).toEqual([1, 2, 0, 3]);
    expect(topPIndices(probs, 0)).toEqual([1]); // never empty
    expect(topPIndices([], 0.9)).toEqual([]);
  });

  it('softmax turns scores into probabilities', () => {
    const p = softmax([Math.log(3), 0, Math.log(1)]);
    expect(p.map((x) => Math.round(x * 1000) / 1000)).toEqual([0.6, 0.2, 0.2]);
    expect(softmax([1000, 1000])).toEqual([0.5, 0.5]);
  });

  it('bm25 ranks the document with the query terms first, and scores 0 without them', () => {
    const s = bm25Scores('sqlite database file', ['The database is a SQLite file.', 'Tools call the web.', 'A database.']);
    expect(s[0]).toBeGreaterThan(s[2]);
    expect(s[2]).toBeGreaterThan(0);
    expect(s[1]).toBe(0);
  });

  it('rerank scorer: POST /rerank on the connection with its key; the trace shows every score and what was kept', async () => {
    // logits ln3, 0, -ln3 -> probabilities 9/13, 3/13, 1/13 = 0.692, 0.231, 0.077
    const out = await runDocumentSampler({ type: 'document_sampler', top_p: 0.9, scorer: { type: 'rerank', connection: 'scoring', model: 'rr-1' } }, { query: 'which', documents: DOCS }, ctx());
    expect(JSON.parse(out.output)).toEqual([
      { content: 'alpha text', meta: { score: 0.75, probability: 0.692308 } },
      { content: 'beta text', meta: { score: 0.5, probability: 0.230769 } },
    ]);
    expect(out.data.sampling).toEqual({
      top_p: 0.9,
      scorer: 'rerank',
      kept: 2,
      documents: [
        { index: 0, score: 0.75, probability: 0.692308, kept: true },
        { index: 1, score: 0.5, probability: 0.230769, kept: true },
        { index: 2, score: 0.25, probability: 0.076923, kept: false },
      ],
    });
    const req = models.hits.at(-1)!;
    expect(req.url).toBe('/v1/rerank');
    expect(JSON.parse(req.body)).toEqual({ model: 'rr-1', query: 'which', documents: DOCS });
    // p = 0.69 is reached by the best one alone
    const one = await runDocumentSampler({ type: 'document_sampler', top_p: 0.69, scorer: { type: 'rerank', connection: 'scoring', model: 'rr-1' } }, { query: 'which', documents: DOCS }, ctx());
    expect(JSON.parse(one.output).map((d: { content: string }) => d.content)).toEqual(['alpha text']);
  });

  it('embeddings scorer: cosine similarity to the query over /embeddings', async () => {
    const out = await runDocumentSampler(
      { type: 'document_sampler', top_p: 0.9999, scorer: { type: 'embeddings', connection: 'scoring', model: 'emb-1' } },
      { query: 'which', documents: JSON.stringify(DOCS.map((content, i) => ({ content, meta: { i } }))) },
      ctx(),
    );
    const sampling = out.data.sampling as { documents: Array<{ score: number; kept: boolean }> };
    expect(sampling.documents.map((d) => d.score)).toEqual([0, 1, 0.6]);
    // logits = cosine / 0.05 = 0, 20, 12: beta alone has 0.99966, so p = 0.9999 also takes gamma, never alpha
    expect(JSON.parse(out.output).map((d: { meta: { i: number } }) => d.meta.i)).toEqual([1, 2]);
    expect(JSON.parse(models.hits.at(-1)!.body)).toEqual({ model: 'emb-1', input: ['which', ...DOCS] });
  });

  it('says which connection is missing, and passes on the endpoint refusing the key', async () => {
    const missing = await runDocumentSampler({ type: 'document_sampler', scorer: { type: 'rerank', connection: 'nope', model: 'm' } }, { query: 'q', documents: DOCS }, ctx()).catch((e: AppError) => e);
    expect((missing as AppError).message).toContain('Scorer connection "nope" is not configured');
    const refused = await runDocumentSampler({ type: 'document_sampler', scorer: { type: 'rerank', connection: 'scoring', model: 'm' } }, { query: 'q', documents: DOCS }, ctx('wrong')).catch((e: AppError) => e);
    expect((refused as AppError).message).toMatch(/rerank: .* answered 401/);
  });

  it('refuses documents that are not a list of documents or strings', async () => {
    const err = await runDocumentSampler({ type: 'document_sampler' }, { query: 'q', documents: 'not json' }, ctx()).catch((e: AppError) => e);
    expect((err as AppError).message).toContain('must be a JSON array');
  });
});
