/**
 * Knowledge bases in the async store (issue 23; tables in db/schema/knowledge.ts). A base belongs to
 * one workspace and is named by a slug unique there; its documents are unique by content hash; a
 * document's chunks are written, with its `ready` status, in one transaction (storeChunks), so a
 * failed ingest leaves no chunk behind. Search:
 *   keyword  SQLite FTS5 bm25() / Postgres ts_rank_cd over a tsvector (terms OR-ed: a question's
 *            words need not all be in the passage);
 *   vector   cosine distance over the stored float32 vectors: sqlite-vec's vec_distance_cosine on
 *            SQLite, an exact scan in pages on Postgres (no pgvector needed; bounded by
 *            MAX_CHUNKS_PER_BASE).
 * Scores are higher-is-better: -bm25 (FTS5), ts_rank_cd (Postgres), 1 - cosine distance.
 * Failures: a taken name is `conflict`, an unknown workspace `not_found`; unknown ids `undefined`/`false`.
 */
import type { KnowledgeBaseRow, KnowledgeChunkRow, KnowledgeDocumentRow } from '../schema/knowledge';
import type { WorkspaceScope } from './ports-workspaces';

export type { KnowledgeBaseRow, KnowledgeChunkRow, KnowledgeDocumentRow };

/** Chunks a base may hold (every store: the Postgres vector scan reads at most this many). */
export const MAX_CHUNKS_PER_BASE = 100_000;

export type KnowledgeDocumentStatus = 'queued' | 'parsing' | 'embedding' | 'ready' | 'failed';

export interface NewKnowledgeBase {
  workspaceId: string;
  name: string;
  title?: string;
  description?: string;
  embeddingConnection?: string | null;
  embeddingModel?: string | null;
  chunkChars?: number;
  chunkOverlap?: number;
}

export type KnowledgeBasePatch = Partial<Pick<KnowledgeBaseRow, 'title' | 'description' | 'embeddingConnection' | 'embeddingModel' | 'chunkChars' | 'chunkOverlap'>>;

export interface KnowledgeBaseSummary extends KnowledgeBaseRow {
  documents: number;
  chunks: number;
}

export interface NewKnowledgeDocument {
  baseId: string;
  name: string;
  mime: string;
  size: number;
  contentHash: string;
  sourceUrl?: string | null;
}

export interface NewKnowledgeChunk {
  position: number;
  text: string;
  section: string | null;
  page: number | null;
  /** Float32 embedding (null: keyword-only). */
  vector: Float32Array | null;
}

export interface KnowledgeStatusUpdate {
  status: KnowledgeDocumentStatus;
  progressDone?: number;
  progressTotal?: number;
  error?: string | null;
}

export interface KnowledgeHit {
  chunkId: number;
  text: string;
  section: string | null;
  page: number | null;
  position: number;
  documentId: string;
  documentName: string;
  score: number;
}

export interface KnowledgeSearch {
  baseId: string;
  limit: number;
  /** Only chunks of these documents. */
  documentIds?: readonly string[];
}

export interface KnowledgeRepository {
  /** The scope's bases with their document and chunk counts, by name. */
  listBases(scope: WorkspaceScope): Promise<KnowledgeBaseSummary[]>;
  getBase(workspaceId: string, name: string): Promise<KnowledgeBaseRow | undefined>;
  getBaseById(id: string): Promise<KnowledgeBaseRow | undefined>;
  /** conflict: the name is taken in the workspace; not_found: no such workspace. */
  createBase(input: NewKnowledgeBase): Promise<KnowledgeBaseRow>;
  updateBase(id: string, patch: KnowledgeBasePatch): Promise<KnowledgeBaseRow | undefined>;
  /** With its documents and chunks; false when there was none. */
  deleteBase(id: string): Promise<boolean>;
  /** A new document (status queued), or the base's document with the same content hash (`created` false). */
  addDocument(input: NewKnowledgeDocument): Promise<{ document: KnowledgeDocumentRow; created: boolean }>;
  getDocument(id: string): Promise<KnowledgeDocumentRow | undefined>;
  /** Newest first. */
  listDocuments(baseId: string): Promise<KnowledgeDocumentRow[]>;
  setStatus(id: string, update: KnowledgeStatusUpdate): Promise<void>;
  /**
   * Replaces the document's chunks with these and marks it ready, in one transaction.
   * conflict: the base would hold more than MAX_CHUNKS_PER_BASE chunks; not_found: no such document.
   */
  storeChunks(documentId: string, chunks: NewKnowledgeChunk[]): Promise<void>;
  /** With its chunks; false when there was none. */
  deleteDocument(id: string): Promise<boolean>;
  /** The document's chunks in order (tests, export of a document's text). */
  chunksOf(documentId: string): Promise<KnowledgeChunkRow[]>;
  /** Chunks holding any of the terms (lowercase words), best first. */
  keywordSearch(terms: readonly string[], search: KnowledgeSearch): Promise<KnowledgeHit[]>;
  /** Chunks nearest the vector by cosine, best first (chunks without a vector are left out). */
  vectorSearch(vector: Float32Array, search: KnowledgeSearch): Promise<KnowledgeHit[]>;
}
