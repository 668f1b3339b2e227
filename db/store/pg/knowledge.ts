/**
 * Knowledge bases on Postgres, natively (db/store/ports-knowledge.ts), as db/knowledge.ts keeps them
 * on SQLite. Keyword search ranks with ts_rank_cd over knowledge_chunks.tsv (a generated
 * to_tsvector('english', section || text) column with a GIN index, made by the migration). Vector
 * search is an exact scan: the base's vectors are read in pages of SCAN_PAGE rows (a base holds at
 * most MAX_CHUNKS_PER_BASE) and the nearest kept by cosine in this process, so no extension
 * (pgvector) is needed on the server.
 */
import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { AppError, notFound } from '@/lib/errors';
import { getPgPool } from '../../client';
import { knowledgeBases, knowledgeChunks, knowledgeDocuments } from '../../schema-pg';
import { checkStorableJson, unmatchable } from '../storable';
import { MAX_CHUNKS_PER_BASE, type KnowledgeBaseRow, type KnowledgeChunkRow, type KnowledgeDocumentRow, type KnowledgeHit, type KnowledgeRepository, type KnowledgeSearch } from '../ports-knowledge';
import { baseNameTaken, chunkCapMessage, tsQuery, vectorBytes, vectorOf } from '../knowledge-rules';
import { isUniqueViolation, pgDb } from './db';
import { requireWorkspace } from './workspaces';

const SCAN_PAGE = 2000;

const HIT_COLUMNS = 'c.id as "chunkId", c.text, c.section, c.page, c.position, c.document_id as "documentId", d.name as "documentName"';

interface HitRow extends Omit<KnowledgeHit, 'score' | 'chunkId' | 'page' | 'position'> {
  chunkId: string | number;
  page: string | number | null;
  position: string | number;
  score: number;
}

const hit = (r: HitRow, score = Number(r.score)): KnowledgeHit => ({
  chunkId: Number(r.chunkId),
  text: r.text,
  section: r.section,
  page: r.page === null ? null : Number(r.page),
  position: Number(r.position),
  documentId: r.documentId,
  documentName: r.documentName,
  score,
});

function documentFilter(search: KnowledgeSearch, from: number): { clause: string; params: unknown[] } {
  if (!search.documentIds) return { clause: '', params: [] };
  return { clause: ` and c.document_id = any($${from})`, params: [[...search.documentIds]] };
}

/** Keeps the `limit` best of what it is offered. */
function topK<T extends { score: number; chunkId: number }>(limit: number) {
  const kept: T[] = [];
  return {
    offer(item: T) {
      if (kept.length === limit && item.score <= kept[kept.length - 1].score) return;
      kept.push(item);
      kept.sort((a, b) => b.score - a.score || a.chunkId - b.chunkId);
      if (kept.length > limit) kept.pop();
    },
    kept,
  };
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

export const pgKnowledge: KnowledgeRepository = {
  async listBases(scope) {
    if (!scope.length) return [];
    const documents = sql<number>`(select count(*) from knowledge_documents d where d.base_id = knowledge_bases.id)`;
    const chunks = sql<number>`(select count(*) from knowledge_chunks c where c.base_id = knowledge_bases.id)`;
    const rows = await (await pgDb())
      .select({ base: knowledgeBases, documents, chunks })
      .from(knowledgeBases)
      .where(inArray(knowledgeBases.workspaceId, [...scope]))
      .orderBy(asc(knowledgeBases.name));
    return rows.map((r) => ({ ...(r.base as KnowledgeBaseRow), documents: Number(r.documents), chunks: Number(r.chunks) }));
  },
  async getBase(workspaceId, name) {
    if (unmatchable(workspaceId) || unmatchable(name)) return undefined;
    const [row] = await (await pgDb()).select().from(knowledgeBases).where(and(eq(knowledgeBases.workspaceId, workspaceId), eq(knowledgeBases.name, name)));
    return row as KnowledgeBaseRow | undefined;
  },
  async getBaseById(id) {
    if (unmatchable(id)) return undefined;
    const [row] = await (await pgDb()).select().from(knowledgeBases).where(eq(knowledgeBases.id, id));
    return row as KnowledgeBaseRow | undefined;
  },
  async createBase(input) {
    checkStorableJson('the knowledge base', input);
    const db = await pgDb();
    try {
      return await db.transaction(async (tx) => {
        await requireWorkspace(tx, input.workspaceId);
        const now = new Date();
        const [row] = await tx
          .insert(knowledgeBases)
          .values({ id: randomUUID(), ...input, createdAt: now, updatedAt: now })
          .returning();
        return row as KnowledgeBaseRow;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw baseNameTaken(input.name);
      throw err;
    }
  },
  async updateBase(id, patch) {
    checkStorableJson('the knowledge base', patch);
    if (unmatchable(id)) return undefined;
    const [row] = await (await pgDb())
      .update(knowledgeBases)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(knowledgeBases.id, id))
      .returning();
    return row as KnowledgeBaseRow | undefined;
  },
  async deleteBase(id) {
    if (unmatchable(id)) return false;
    return (await (await pgDb()).delete(knowledgeBases).where(eq(knowledgeBases.id, id)).returning({ id: knowledgeBases.id })).length > 0;
  },
  async addDocument(input) {
    checkStorableJson('the document', input);
    const db = await pgDb();
    const existing = async () => {
      const [row] = await db.select().from(knowledgeDocuments).where(and(eq(knowledgeDocuments.baseId, input.baseId), eq(knowledgeDocuments.contentHash, input.contentHash)));
      return row as KnowledgeDocumentRow | undefined;
    };
    const found = await existing();
    if (found) return { document: found, created: false };
    if (!(await this.getBaseById(input.baseId))) throw notFound('knowledge base');
    const now = new Date();
    const [row] = await db
      .insert(knowledgeDocuments)
      .values({ id: randomUUID(), ...input, status: 'queued', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (row) return { document: row as KnowledgeDocumentRow, created: true };
    // the same content added at the same moment: that one is the document
    const raced = await existing();
    if (!raced) throw notFound('knowledge base');
    return { document: raced, created: false };
  },
  async getDocument(id) {
    if (unmatchable(id)) return undefined;
    const [row] = await (await pgDb()).select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id));
    return row as KnowledgeDocumentRow | undefined;
  },
  async listDocuments(baseId) {
    if (unmatchable(baseId)) return [];
    return (await (await pgDb()).select().from(knowledgeDocuments).where(eq(knowledgeDocuments.baseId, baseId)).orderBy(desc(knowledgeDocuments.createdAt), asc(knowledgeDocuments.id))) as KnowledgeDocumentRow[];
  },
  async setStatus(id, update) {
    checkStorableJson('the document status', update);
    if (unmatchable(id)) return;
    await (await pgDb())
      .update(knowledgeDocuments)
      .set({ ...update, updatedAt: new Date() })
      .where(eq(knowledgeDocuments.id, id));
  },
  async storeChunks(documentId, chunks) {
    checkStorableJson('the chunks', chunks.map((c) => ({ text: c.text, section: c.section })));
    await (await pgDb()).transaction(async (tx) => {
      const [doc] = await tx.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, documentId)).for('update');
      if (!doc) throw notFound('document');
      const baseId = doc.baseId as string;
      // One writer per base at a time, so the cap holds under concurrent ingests.
      await tx.select({ id: knowledgeBases.id }).from(knowledgeBases).where(eq(knowledgeBases.id, baseId)).for('update');
      await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.documentId, documentId));
      const [{ n }] = await tx.select({ n: sql<string>`count(*)` }).from(knowledgeChunks).where(eq(knowledgeChunks.baseId, baseId));
      if (Number(n) + chunks.length > MAX_CHUNKS_PER_BASE) throw new AppError('conflict', chunkCapMessage(Number(n), chunks.length));
      for (let i = 0; i < chunks.length; i += 500) {
        const rows = chunks.slice(i, i + 500).map((c) => ({ documentId, baseId, position: c.position, text: c.text, section: c.section, page: c.page, vector: c.vector ? vectorBytes(c.vector) : null }));
        if (rows.length) await tx.insert(knowledgeChunks).values(rows);
      }
      await tx
        .update(knowledgeDocuments)
        .set({ status: 'ready', error: null, chunkCount: chunks.length, progressDone: chunks.length, progressTotal: chunks.length, updatedAt: new Date() })
        .where(eq(knowledgeDocuments.id, documentId));
    });
  },
  async deleteDocument(id) {
    if (unmatchable(id)) return false;
    return (await (await pgDb()).delete(knowledgeDocuments).where(eq(knowledgeDocuments.id, id)).returning({ id: knowledgeDocuments.id })).length > 0;
  },
  async chunksOf(documentId) {
    if (unmatchable(documentId)) return [];
    return (await (await pgDb()).select().from(knowledgeChunks).where(eq(knowledgeChunks.documentId, documentId)).orderBy(asc(knowledgeChunks.position))) as KnowledgeChunkRow[];
  },
  async keywordSearch(terms, search) {
    const query = tsQuery(terms);
    if (!query || unmatchable(search.baseId)) return [];
    const filter = documentFilter(search, 4);
    const { rows } = await (
      await getPgPool()
    ).query<HitRow>(
      `select ${HIT_COLUMNS}, ts_rank_cd(c.tsv, q) as score
       from knowledge_chunks c join knowledge_documents d on d.id = c.document_id, to_tsquery('english', $1) q
       where c.tsv @@ q and c.base_id = $2${filter.clause}
       order by score desc, c.id limit $3`,
      [query, search.baseId, search.limit, ...filter.params],
    );
    return rows.map((r) => hit(r));
  },
  async vectorSearch(vector, search) {
    if (unmatchable(search.baseId)) return [];
    const pool = await getPgPool();
    const best = topK<KnowledgeHit>(search.limit);
    const filter = documentFilter(search, 4);
    let after = 0;
    for (;;) {
      const { rows } = await pool.query<HitRow & { vector: Buffer }>(
        `select ${HIT_COLUMNS}, c.vector, 0 as score
         from knowledge_chunks c join knowledge_documents d on d.id = c.document_id
         where c.base_id = $1 and c.vector is not null and c.id > $2${filter.clause}
         order by c.id limit $3`,
        [search.baseId, after, SCAN_PAGE, ...filter.params],
      );
      for (const r of rows) {
        const v = vectorOf(r.vector);
        if (v.length === vector.length) best.offer(hit(r, cosine(vector, v)));
      }
      if (rows.length < SCAN_PAGE) break;
      after = Number(rows[rows.length - 1].chunkId);
    }
    return best.kept;
  },
};
