/**
 * Knowledge base contracts (/api/knowledge-bases, issue 23). A base is named by a slug, unique in
 * its workspace; without `embedding` it is keyword-only (works with no key).
 */
import { z } from 'zod';
import { KNOWLEDGE_MODES, type KnowledgeMode } from '../graph/schema/tool-knowledge';
import { HttpUrl, ResourceName } from './http-fields';

export { KNOWLEDGE_MODES, type KnowledgeMode };

export const KnowledgeEmbedding = z.strictObject({
  connection: ResourceName,
  model: z.string().min(1).max(200),
});

export const KnowledgeChunking = z.strictObject({
  /** Most characters per chunk. */
  target_chars: z.number().int().min(100).max(8000),
  /** Characters a chunk repeats from the one before (at most half a chunk is used). */
  overlap: z.number().int().min(0).max(2000),
});

export const CreateKnowledgeBaseBody = z.strictObject({
  name: ResourceName,
  title: z.string().max(200).optional(),
  description: z.string().max(2000).optional(),
  embedding: KnowledgeEmbedding.optional(),
  chunking: KnowledgeChunking.optional(),
});
export type CreateKnowledgeBaseBody = z.infer<typeof CreateKnowledgeBaseBody>;

/** PATCH: absent fields are kept; `embedding: null` makes the base keyword-only. Changing the embedding or chunking applies to documents added (or re-added) after. */
export const UpdateKnowledgeBaseBody = z.strictObject({
  title: z.string().max(200).optional(),
  description: z.string().max(2000).optional(),
  embedding: KnowledgeEmbedding.nullable().optional(),
  chunking: KnowledgeChunking.optional(),
});
export type UpdateKnowledgeBaseBody = z.infer<typeof UpdateKnowledgeBaseBody>;

/** POST .../documents as JSON: a URL to fetch (through the SSRF guard), or a named text. Files come as multipart `file` fields. */
export const AddKnowledgeDocumentBody = z.union([
  z.strictObject({ url: HttpUrl, name: z.string().min(1).max(200).optional() }),
  z.strictObject({ name: z.string().min(1).max(200), text: z.string().min(1) }),
]);
export type AddKnowledgeDocumentBody = z.infer<typeof AddKnowledgeDocumentBody>;

export const KnowledgeQueryBody = z.strictObject({
  query: z.string().trim().min(1).max(2000),
  top_k: z.number().int().min(1).max(50).optional(),
  mode: z.enum(KNOWLEDGE_MODES).optional(),
});
export type KnowledgeQueryBody = z.infer<typeof KnowledgeQueryBody>;

export const KnowledgeBaseView = z.object({
  id: z.string(),
  name: z.string(),
  workspace: z.string(),
  title: z.string(),
  description: z.string(),
  embedding: KnowledgeEmbedding.nullable(),
  chunking: KnowledgeChunking,
  documents: z.number().optional(),
  chunks: z.number().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KnowledgeBaseView = z.infer<typeof KnowledgeBaseView>;

export const KNOWLEDGE_STATUSES = ['queued', 'parsing', 'embedding', 'ready', 'failed'] as const;

export const KnowledgeDocumentView = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  status: z.enum(KNOWLEDGE_STATUSES),
  /** While embedding: chunks embedded of total. */
  progress: z.object({ done: z.number(), total: z.number() }),
  error: z.string().nullable(),
  chunks: z.number(),
  source_url: z.string().nullable(),
  created_at: z.string(),
});
export type KnowledgeDocumentView = z.infer<typeof KnowledgeDocumentView>;

export const KnowledgeHitView = z.object({
  text: z.string(),
  score: z.number(),
  document: z.object({ id: z.string(), name: z.string() }),
  position: z.number(),
  section: z.string().nullable(),
  page: z.number().nullable(),
});
export type KnowledgeHitView = z.infer<typeof KnowledgeHitView>;

export const KnowledgeQueryResponse = z.object({ mode: z.enum(KNOWLEDGE_MODES), hits: z.array(KnowledgeHitView) });
export type KnowledgeQueryResponse = z.infer<typeof KnowledgeQueryResponse>;
