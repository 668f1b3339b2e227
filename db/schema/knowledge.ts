/**
 * Knowledge bases (issue 23): a workspace's named collections of documents, each parsed, chunked,
 * embedded (when the base names an embedding connection and model) and searchable by keyword
 * (SQLite FTS5 over knowledge_chunks, a virtual table made by the migration; Postgres a generated
 * tsvector column) and by vector (float32 blobs: sqlite-vec's distance functions on SQLite, an exact
 * scan on Postgres). Deleting a workspace deletes its bases; a base its documents; a document its chunks.
 */
import { sql } from 'drizzle-orm';
import { blob, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { workspaces } from './auth';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const knowledgeBases = sqliteTable(
  'knowledge_bases',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The slug graphs name it by (`knowledge_base:`), unique within the workspace. */
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    /** The connection and model of /embeddings; both null: a keyword-only base. */
    embeddingConnection: text('embedding_connection'),
    embeddingModel: text('embedding_model'),
    chunkChars: integer('chunk_chars').notNull().default(1000),
    chunkOverlap: integer('chunk_overlap').notNull().default(100),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [uniqueIndex('knowledge_bases_workspace_name').on(t.workspaceId, t.name)],
);

export const knowledgeDocuments = sqliteTable(
  'knowledge_documents',
  {
    id: text('id').primaryKey(),
    baseId: text('base_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** SHA-256 of the bytes: one document per content in a base. */
    contentHash: text('content_hash').notNull(),
    /** The URL it was fetched from (null: uploaded). */
    sourceUrl: text('source_url'),
    /** queued, parsing, embedding, ready or failed. */
    status: text('status').notNull().default('queued'),
    /** While embedding: chunks embedded so far, of `progressTotal`. */
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    /** Why it failed (status failed). */
    error: text('error'),
    chunkCount: integer('chunk_count').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [uniqueIndex('knowledge_documents_base_hash').on(t.baseId, t.contentHash), index('knowledge_documents_base').on(t.baseId)],
);

export const knowledgeChunks = sqliteTable(
  'knowledge_chunks',
  {
    /** The rowid (FTS5's content_rowid on SQLite). */
    id: integer('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => knowledgeDocuments.id, { onDelete: 'cascade' }),
    /** The document's base (searches filter by it without a join). */
    baseId: text('base_id').notNull(),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    section: text('section'),
    page: integer('page'),
    /** The embedding as little-endian float32 (null: a keyword-only base). */
    vector: blob('vector', { mode: 'buffer' }),
  },
  (t) => [index('knowledge_chunks_base').on(t.baseId), index('knowledge_chunks_document').on(t.documentId, t.position)],
);

export type KnowledgeBaseRow = typeof knowledgeBases.$inferSelect;
export type KnowledgeDocumentRow = typeof knowledgeDocuments.$inferSelect;
export type KnowledgeChunkRow = typeof knowledgeChunks.$inferSelect;
