/**
 * Knowledge bases, synchronous: the SQLite side of the KnowledgeRepository (db/store/ports-knowledge.ts,
 * wrapped by db/store/sqlite.ts; db/store/pg/knowledge.ts is the Postgres side). Keyword search is
 * FTS5's bm25() over knowledge_chunks_fts (an external-content table kept in step by triggers, made
 * by the migration); vector search is sqlite-vec's vec_distance_cosine over the float32 blobs, the
 * extension loaded into the connection on its first vector search.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type Database from 'better-sqlite3';
import { AppError, notFound } from '@/lib/errors';
import { getDb } from './client';
import { knowledgeBases, knowledgeChunks, knowledgeDocuments, type KnowledgeBaseRow, type KnowledgeChunkRow, type KnowledgeDocumentRow } from './schema/knowledge';
import { checkStorableJson, unmatchable } from './store/storable';
import {
  MAX_CHUNKS_PER_BASE,
  type KnowledgeBasePatch,
  type KnowledgeBaseSummary,
  type KnowledgeHit,
  type KnowledgeSearch,
  type KnowledgeStatusUpdate,
  type NewKnowledgeBase,
  type NewKnowledgeChunk,
  type NewKnowledgeDocument,
} from './store/ports-knowledge';
import { requireWorkspace } from './workspaces';
import { baseNameTaken, chunkCapMessage, ftsQuery, vectorBytes } from './store/knowledge-rules';

export function listKnowledgeBases(scope: readonly string[]): KnowledgeBaseSummary[] {
  if (!scope.length) return [];
  const documents = sql<number>`(select count(*) from knowledge_documents d where d.base_id = knowledge_bases.id)`;
  const chunks = sql<number>`(select count(*) from knowledge_chunks c where c.base_id = knowledge_bases.id)`;
  return getDb()
    .select({ base: knowledgeBases, documents, chunks })
    .from(knowledgeBases)
    .where(inArray(knowledgeBases.workspaceId, [...scope]))
    .orderBy(asc(knowledgeBases.name))
    .all()
    .map((r) => ({ ...r.base, documents: Number(r.documents), chunks: Number(r.chunks) }));
}

export function getKnowledgeBase(workspaceId: string, name: string): KnowledgeBaseRow | undefined {
  if (unmatchable(workspaceId) || unmatchable(name)) return undefined;
  return getDb().select().from(knowledgeBases).where(and(eq(knowledgeBases.workspaceId, workspaceId), eq(knowledgeBases.name, name))).get();
}

export function getKnowledgeBaseById(id: string): KnowledgeBaseRow | undefined {
  if (unmatchable(id)) return undefined;
  return getDb().select().from(knowledgeBases).where(eq(knowledgeBases.id, id)).get();
}

export function createKnowledgeBase(input: NewKnowledgeBase): KnowledgeBaseRow {
  checkStorableJson('the knowledge base', input);
  const db = getDb();
  return db.transaction((tx) => {
    requireWorkspace(tx, input.workspaceId);
    if (tx.select({ id: knowledgeBases.id }).from(knowledgeBases).where(and(eq(knowledgeBases.workspaceId, input.workspaceId), eq(knowledgeBases.name, input.name))).get()) {
      throw baseNameTaken(input.name);
    }
    const now = new Date();
    return tx
      .insert(knowledgeBases)
      .values({ id: randomUUID(), ...input, createdAt: now, updatedAt: now })
      .returning()
      .get();
  });
}

export function updateKnowledgeBase(id: string, patch: KnowledgeBasePatch): KnowledgeBaseRow | undefined {
  checkStorableJson('the knowledge base', patch);
  if (unmatchable(id)) return undefined;
  return getDb()
    .update(knowledgeBases)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(knowledgeBases.id, id))
    .returning()
    .get();
}

export function deleteKnowledgeBase(id: string): boolean {
  if (unmatchable(id)) return false;
  return getDb().delete(knowledgeBases).where(eq(knowledgeBases.id, id)).run().changes > 0;
}

export function addKnowledgeDocument(input: NewKnowledgeDocument): { document: KnowledgeDocumentRow; created: boolean } {
  checkStorableJson('the document', input);
  return getDb().transaction((tx) => {
    const existing = tx.select().from(knowledgeDocuments).where(and(eq(knowledgeDocuments.baseId, input.baseId), eq(knowledgeDocuments.contentHash, input.contentHash))).get();
    if (existing) return { document: existing, created: false };
    if (!tx.select({ id: knowledgeBases.id }).from(knowledgeBases).where(eq(knowledgeBases.id, input.baseId)).get()) throw notFound('knowledge base');
    const now = new Date();
    const document = tx
      .insert(knowledgeDocuments)
      .values({ id: randomUUID(), ...input, status: 'queued', createdAt: now, updatedAt: now })
      .returning()
      .get();
    return { document, created: true };
  });
}

export function getKnowledgeDocument(id: string): KnowledgeDocumentRow | undefined {
  if (unmatchable(id)) return undefined;
  return getDb().select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id)).get();
}

export function listKnowledgeDocuments(baseId: string): KnowledgeDocumentRow[] {
  if (unmatchable(baseId)) return [];
  return getDb().select().from(knowledgeDocuments).where(eq(knowledgeDocuments.baseId, baseId)).orderBy(desc(knowledgeDocuments.createdAt), asc(knowledgeDocuments.id)).all();
}

export function setKnowledgeStatus(id: string, update: KnowledgeStatusUpdate): void {
  checkStorableJson('the document status', update);
  if (unmatchable(id)) return;
  getDb()
    .update(knowledgeDocuments)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(knowledgeDocuments.id, id))
    .run();
}

export function storeKnowledgeChunks(documentId: string, chunks: NewKnowledgeChunk[]): void {
  checkStorableJson('the chunks', chunks.map((c) => ({ text: c.text, section: c.section })));
  getDb().transaction((tx) => {
    const doc = tx.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, documentId)).get();
    if (!doc) throw notFound('document');
    tx.delete(knowledgeChunks).where(eq(knowledgeChunks.documentId, documentId)).run();
    const held = tx.select({ n: sql<number>`count(*)` }).from(knowledgeChunks).where(eq(knowledgeChunks.baseId, doc.baseId)).get()!.n;
    if (held + chunks.length > MAX_CHUNKS_PER_BASE) throw new AppError('conflict', chunkCapMessage(held, chunks.length));
    for (let i = 0; i < chunks.length; i += 500) {
      const rows = chunks.slice(i, i + 500).map((c) => ({ documentId, baseId: doc.baseId, position: c.position, text: c.text, section: c.section, page: c.page, vector: c.vector ? vectorBytes(c.vector) : null }));
      if (rows.length) tx.insert(knowledgeChunks).values(rows).run();
    }
    tx.update(knowledgeDocuments)
      .set({ status: 'ready', error: null, chunkCount: chunks.length, progressDone: chunks.length, progressTotal: chunks.length, updatedAt: new Date() })
      .where(eq(knowledgeDocuments.id, documentId))
      .run();
  });
}

export function deleteKnowledgeDocument(id: string): boolean {
  if (unmatchable(id)) return false;
  return getDb().delete(knowledgeDocuments).where(eq(knowledgeDocuments.id, id)).run().changes > 0;
}

export function knowledgeChunksOf(documentId: string): KnowledgeChunkRow[] {
  if (unmatchable(documentId)) return [];
  return getDb().select().from(knowledgeChunks).where(eq(knowledgeChunks.documentId, documentId)).orderBy(asc(knowledgeChunks.position)).all();
}

interface HitRow {
  chunkId: number;
  text: string;
  section: string | null;
  page: number | null;
  position: number;
  documentId: string;
  documentName: string;
  score: number;
}

const HIT_COLUMNS = 'c.id as chunkId, c.text, c.section, c.page, c.position, c.document_id as documentId, d.name as documentName';

function documentFilter(search: KnowledgeSearch): { clause: string; params: string[] } {
  if (!search.documentIds) return { clause: '', params: [] };
  if (!search.documentIds.length) return { clause: ' and 0', params: [] };
  return { clause: ` and c.document_id in (${search.documentIds.map(() => '?').join(', ')})`, params: [...search.documentIds] };
}

export function keywordSearchKnowledge(terms: readonly string[], search: KnowledgeSearch): KnowledgeHit[] {
  const match = ftsQuery(terms);
  if (!match || unmatchable(search.baseId)) return [];
  const filter = documentFilter(search);
  const rows = getDb()
    .$client.prepare(
      `select ${HIT_COLUMNS}, -bm25(knowledge_chunks_fts) as score
       from knowledge_chunks_fts join knowledge_chunks c on c.id = knowledge_chunks_fts.rowid join knowledge_documents d on d.id = c.document_id
       where knowledge_chunks_fts match ? and c.base_id = ?${filter.clause}
       order by bm25(knowledge_chunks_fts), c.id limit ?`,
    )
    .all(match, search.baseId, ...filter.params, search.limit) as HitRow[];
  return rows;
}

const withVec = new WeakSet<Database.Database>();

/** sqlite-vec in this connection (loaded once per connection, on its first vector search). */
async function loadVec(client: Database.Database): Promise<void> {
  if (withVec.has(client)) return;
  const sqliteVec = await import('sqlite-vec');
  sqliteVec.load(client);
  withVec.add(client);
}

export async function vectorSearchKnowledge(vector: Float32Array, search: KnowledgeSearch): Promise<KnowledgeHit[]> {
  if (unmatchable(search.baseId)) return [];
  const client = getDb().$client;
  await loadVec(client);
  const filter = documentFilter(search);
  const rows = client
    .prepare(
      `select ${HIT_COLUMNS}, 1 - vec_distance_cosine(c.vector, ?) as score
       from knowledge_chunks c join knowledge_documents d on d.id = c.document_id
       where c.base_id = ? and c.vector is not null and vec_length(c.vector) = ?${filter.clause}
       order by score desc, c.id limit ?`,
    )
    .all(vectorBytes(vector), search.baseId, vector.length, ...filter.params, search.limit) as HitRow[];
  return rows;
}
