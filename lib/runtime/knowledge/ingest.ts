/**
 * Adding a document to a knowledge base (issue 23): size and count caps, the kind sniffed from the
 * bytes, the same content stored once (content hash), parsed in a worker (./parse.ts) while the
 * request waits (a document that cannot be read is refused with a 4xx and not kept), chunked
 * (lib/knowledge/chunk.ts), then embedded in batches in the background (status `embedding` n/m) and
 * stored with its chunks in one transaction (status `ready`). Any failure after the upload marks
 * the document `failed` with the reason; no chunk of it is kept.
 */
import 'server-only';
import { getStore, type KnowledgeBaseRow, type KnowledgeDocumentRow, type NewKnowledgeChunk } from '@/db/store';
import { AppError } from '@/lib/errors';
import { chunkDocument, type Chunk } from '@/lib/knowledge/chunk';
import { contentHash } from '@/lib/knowledge/content-hash';
import { MIME, sniffDocument } from '@/lib/knowledge/sniff';
import { embedTexts } from './embed';
import { parseDocument, type ParsedDocument } from './parse';

/** Bytes of one document at most (SWITCHYARD_KNOWLEDGE_MAX_BYTES, default 20 MiB). */
export function maxDocumentBytes(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.SWITCHYARD_KNOWLEDGE_MAX_BYTES);
  return Number.isSafeInteger(n) && n > 0 ? n : 20 * 1024 * 1024;
}

/** Documents a base holds at most. */
export const MAX_DOCUMENTS_PER_BASE = 1000;

export interface DocumentInput {
  name: string;
  bytes: Uint8Array;
  sourceUrl?: string | null;
}

const pending = new Set<Promise<void>>();

/** Resolves when every background embedding of this process has ended (tests, shutdown). */
export async function knowledgeIdle(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}

function track(p: Promise<void>): void {
  pending.add(p);
  void p.finally(() => pending.delete(p));
}

/** Checks a document's size before anything else reads it. */
export function checkDocumentSize(name: string, size: number): void {
  const max = maxDocumentBytes();
  if (size > max) throw new AppError('payload_too_large', `${name}: ${size} bytes; a document may have at most ${max} bytes (SWITCHYARD_KNOWLEDGE_MAX_BYTES)`);
  if (size === 0) throw new AppError('bad_request', `${name}: the file is empty`);
}

/** The document (new, or the base's one with the same content); parsing has finished when this resolves. */
export async function addKnowledgeDocument(base: KnowledgeBaseRow, input: DocumentInput): Promise<{ document: KnowledgeDocumentRow; created: boolean }> {
  const store = getStore().knowledge;
  checkDocumentSize(input.name, input.bytes.length);
  const hash = contentHash(input.bytes);
  const existing = await store.listDocuments(base.id);
  const same = existing.find((d) => d.contentHash === hash);
  if (!same && existing.length >= MAX_DOCUMENTS_PER_BASE) {
    throw new AppError('conflict', `the knowledge base "${base.name}" holds ${existing.length} documents, the most it may hold; delete some first`);
  }
  const kind = sniffDocument(input.bytes, input.name);
  const { document, created } = await store.addDocument({ baseId: base.id, name: input.name, mime: MIME[kind], size: input.bytes.length, contentHash: hash, sourceUrl: input.sourceUrl ?? null });
  if (!created && document.status !== 'failed') return { document, created };
  await store.setStatus(document.id, { status: 'parsing', error: null, progressDone: 0, progressTotal: 0 });
  let parsed: ParsedDocument;
  try {
    parsed = await parseDocument(input.bytes, input.name);
  } catch (err) {
    // Refused: nothing of it is kept (a re-upload of a failed document keeps its row, failed with the reason).
    if (created) await store.deleteDocument(document.id);
    else await store.setStatus(document.id, { status: 'failed', error: err instanceof Error ? err.message : String(err) });
    throw err;
  }
  const chunks = chunkDocument(parsed.parts, { targetChars: base.chunkChars, overlap: base.chunkOverlap });
  if (!chunks.length) {
    if (created) await store.deleteDocument(document.id);
    throw new AppError('bad_request', `${input.name}: no text was found in it${parsed.kind === 'pdf' ? ' (a scanned PDF? text in images is not read)' : ''}`);
  }
  await store.setStatus(document.id, { status: 'queued', error: null, progressDone: 0, progressTotal: chunks.length });
  track(indexChunks(base, document.id, chunks));
  return { document: (await store.getDocument(document.id)) ?? document, created: true };
}

/** Embeds (when the base has an embedding model) and stores the chunks; on failure the document is marked failed with the reason. */
async function indexChunks(base: KnowledgeBaseRow, documentId: string, chunks: Chunk[]): Promise<void> {
  const store = getStore().knowledge;
  try {
    let vectors: (Float32Array | null)[] = chunks.map(() => null);
    if (base.embeddingConnection && base.embeddingModel) {
      await store.setStatus(documentId, { status: 'embedding', progressDone: 0, progressTotal: chunks.length });
      vectors = await embedTexts(
        { connection: base.embeddingConnection, model: base.embeddingModel, workspaceId: base.workspaceId },
        chunks.map((c) => (c.section ? `${c.section}\n\n${c.text}` : c.text)),
        { onBatch: (done, total) => store.setStatus(documentId, { status: 'embedding', progressDone: done, progressTotal: total }) },
      );
    }
    const rows: NewKnowledgeChunk[] = chunks.map((c, i) => ({ position: c.position, text: c.text, section: c.section, page: c.page, vector: vectors[i] }));
    await store.storeChunks(documentId, rows);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await store.setStatus(documentId, { status: 'failed', error: reason.slice(0, 2000) }).catch((e) => console.error('[knowledge] could not mark a document failed:', e));
  }
}
