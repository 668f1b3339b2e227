/** The KnowledgeRepository contract (db/store/ports-knowledge.ts). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import type { NewKnowledgeChunk, Store } from '../ports';
import { codeOf } from './fixtures';

const vec = (...xs: number[]) => new Float32Array(xs);

const CHUNKS: NewKnowledgeChunk[] = [
  { position: 0, text: 'Refunds are paid back to the card within five business days.', section: 'Refunds', page: 1, vector: vec(1, 0, 0) },
  { position: 1, text: 'Shipping to Norway takes two weeks by sea freight.', section: 'Shipping', page: 2, vector: vec(0, 1, 0) },
  { position: 2, text: 'Gift cards never expire and cannot be refunded.', section: null, page: null, vector: vec(0.6, 0, 0.8) },
];

export function knowledgeSpecs(store: () => Store): void {
  const kb = () => store().knowledge;
  const base = (name = 'faq', workspaceId = DEFAULT_WORKSPACE_ID) => kb().createBase({ workspaceId, name, title: 'FAQ', embeddingConnection: 'default', embeddingModel: 'embed' });
  const doc = async (baseId: string, hash: string, name = `${hash}.md`) => (await kb().addDocument({ baseId, name, mime: 'text/markdown', size: 10, contentHash: hash })).document;

  describe('knowledge bases', () => {
    it('creates, reads by workspace and name, updates and deletes a base; a name is unique per workspace', async () => {
      const b = await base();
      expect(b).toMatchObject({ name: 'faq', title: 'FAQ', description: '', chunkChars: 1000, chunkOverlap: 100, embeddingModel: 'embed' });
      expect((await kb().getBase(DEFAULT_WORKSPACE_ID, 'faq'))?.id).toBe(b.id);
      expect(await kb().getBase('other', 'faq')).toBeUndefined();
      expect(await codeOf(base())).toBe('conflict');
      const other = await store().workspaces.create('Other');
      expect((await base('faq', other.id)).workspaceId).toBe(other.id);
      expect(await codeOf(base('x', 'no-such-workspace'))).toBe('not_found');
      expect((await kb().updateBase(b.id, { title: 'Help', chunkChars: 400 }))).toMatchObject({ title: 'Help', chunkChars: 400 });
      expect(await kb().updateBase('missing', { title: 'x' })).toBeUndefined();
      expect((await kb().listBases([DEFAULT_WORKSPACE_ID])).map((s) => [s.name, s.documents, s.chunks])).toEqual([['faq', 0, 0]]);
      expect(await kb().listBases([])).toEqual([]);
      expect(await kb().deleteBase(b.id)).toBe(true);
      expect(await kb().deleteBase(b.id)).toBe(false);
      expect(await kb().getBaseById(b.id)).toBeUndefined();
    });
  });

  describe('knowledge documents and chunks', () => {
    it('stores the same content once per base; documents start queued, then report progress and failure', async () => {
      const b = await base();
      const first = await kb().addDocument({ baseId: b.id, name: 'a.md', mime: 'text/markdown', size: 3, contentHash: 'h1' });
      const again = await kb().addDocument({ baseId: b.id, name: 'copy.md', mime: 'text/markdown', size: 3, contentHash: 'h1' });
      expect(first.created).toBe(true);
      expect(again).toMatchObject({ created: false, document: { id: first.document.id, name: 'a.md' } });
      expect(first.document.status).toBe('queued');
      await kb().setStatus(first.document.id, { status: 'embedding', progressDone: 2, progressTotal: 5 });
      expect(await kb().getDocument(first.document.id)).toMatchObject({ status: 'embedding', progressDone: 2, progressTotal: 5 });
      await kb().setStatus(first.document.id, { status: 'failed', error: 'embeddings: 500' });
      expect(await kb().getDocument(first.document.id)).toMatchObject({ status: 'failed', error: 'embeddings: 500' });
      expect(await codeOf(kb().addDocument({ baseId: 'missing', name: 'x', mime: 'text/plain', size: 1, contentHash: 'h' }))).toBe('not_found');
    });

    it('storeChunks replaces the chunks and marks the document ready in one step; deletes cascade', async () => {
      const b = await base();
      const d = await doc(b.id, 'h1');
      await kb().storeChunks(d.id, CHUNKS);
      expect(await kb().getDocument(d.id)).toMatchObject({ status: 'ready', chunkCount: 3, error: null });
      const chunks = await kb().chunksOf(d.id);
      expect(chunks.map((c) => [c.position, c.section, c.page])).toEqual([[0, 'Refunds', 1], [1, 'Shipping', 2], [2, null, null]]);
      expect([...new Float32Array(new Uint8Array(chunks[2].vector!).buffer)]).toEqual([...vec(0.6, 0, 0.8)]);
      await kb().storeChunks(d.id, CHUNKS.slice(0, 1));
      expect((await kb().chunksOf(d.id)).length).toBe(1);
      expect((await kb().listBases([DEFAULT_WORKSPACE_ID]))[0]).toMatchObject({ documents: 1, chunks: 1 });
      expect(await codeOf(kb().storeChunks('missing', CHUNKS))).toBe('not_found');
      expect(await kb().deleteDocument(d.id)).toBe(true);
      expect(await kb().chunksOf(d.id)).toEqual([]);
      expect(await kb().keywordSearch(['refunds'], { baseId: b.id, limit: 5 })).toEqual([]);
      const d2 = await doc(b.id, 'h2');
      await kb().storeChunks(d2.id, CHUNKS);
      await kb().deleteBase(b.id);
      expect(await kb().getDocument(d2.id)).toBeUndefined();
      expect(await kb().chunksOf(d2.id)).toEqual([]);
    });

    it('a chunk holding a NUL is refused and nothing is stored', async () => {
      const b = await base();
      const d = await doc(b.id, 'h1');
      expect(await codeOf(kb().storeChunks(d.id, [{ ...CHUNKS[0], text: 'bad\u0000' }]))).toBe('bad_request');
      expect(await kb().chunksOf(d.id)).toEqual([]);
      expect((await kb().getDocument(d.id))?.status).toBe('queued');
    });
  });

  describe('knowledge search', () => {
    it('keyword search finds chunks holding any term (stemmed), best first, in the base only, with the document', async () => {
      const b = await base();
      const other = await base('other');
      const d = await doc(b.id, 'h1', 'policy.md');
      await kb().storeChunks(d.id, CHUNKS);
      await kb().storeChunks((await doc(other.id, 'h1')).id, CHUNKS);
      const hits = await kb().keywordSearch(['refund', 'card'], { baseId: b.id, limit: 5 });
      expect(hits[0]).toMatchObject({ position: 0, section: 'Refunds', page: 1, documentId: d.id, documentName: 'policy.md' });
      expect(hits.map((h) => h.position).sort()).toEqual([0, 2]);
      expect(hits[0].score).toBeGreaterThan(hits[1].score);
      expect(await kb().keywordSearch(['norway'], { baseId: b.id, limit: 5 })).toHaveLength(1);
      expect(await kb().keywordSearch(['"OR', 'NEAR(', '*'], { baseId: b.id, limit: 5 })).toEqual([]);
      expect(await kb().keywordSearch(['refund'], { baseId: b.id, limit: 1 })).toHaveLength(1);
      expect(await kb().keywordSearch(['refund'], { baseId: b.id, limit: 5, documentIds: ['other-doc'] })).toEqual([]);
    });

    it('vector search ranks by cosine similarity, skipping vectors of another dimension', async () => {
      const b = await base();
      const d = await doc(b.id, 'h1');
      await kb().storeChunks(d.id, CHUNKS);
      const hits = await kb().vectorSearch(vec(1, 0, 0.1), { baseId: b.id, limit: 2 });
      expect(hits.map((h) => h.position)).toEqual([0, 2]);
      expect(hits[0].score).toBeCloseTo(1 / Math.sqrt(1.01), 4);
      expect(hits[0]).toMatchObject({ documentId: d.id, text: CHUNKS[0].text });
      expect(await kb().vectorSearch(vec(1, 0), { baseId: b.id, limit: 2 })).toEqual([]);
      expect(await kb().vectorSearch(vec(1, 0, 0), { baseId: b.id, limit: 2, documentIds: [d.id] })).toHaveLength(2);
    });
  });
}
