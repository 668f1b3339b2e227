/** Knowledge bases as the routes find and answer them (lib/contracts/knowledge.ts). */
import 'server-only';
import { getStore, type KnowledgeBaseRow, type KnowledgeBaseSummary, type KnowledgeDocumentRow, type KnowledgeHit } from '@/db/store';
import type { Role } from '@/lib/contracts/auth';
import type { KnowledgeBaseView, KnowledgeDocumentView, KnowledgeHitView } from '@/lib/contracts/knowledge';
import { notFound } from '@/lib/errors';
import type { Caller } from './caller';
import { workspaceFor } from './workspace-access';

/** The base named `name` in the workspace the call acts in (`?workspace=`, else the current one), checked for `access`: 404 when there is none there. */
export async function knowledgeBaseFor(req: Request, caller: Caller, name: string, access: Role): Promise<KnowledgeBaseRow> {
  const workspaceId = workspaceFor(req, caller, access);
  const base = await getStore().knowledge.getBase(workspaceId, name);
  if (!base) throw notFound(`knowledge base "${name}"`);
  return base;
}

export function baseView(b: KnowledgeBaseRow | KnowledgeBaseSummary): KnowledgeBaseView {
  return {
    id: b.id,
    name: b.name,
    workspace: b.workspaceId,
    title: b.title,
    description: b.description,
    embedding: b.embeddingConnection && b.embeddingModel ? { connection: b.embeddingConnection, model: b.embeddingModel } : null,
    chunking: { target_chars: b.chunkChars, overlap: b.chunkOverlap },
    ...('documents' in b ? { documents: b.documents, chunks: b.chunks } : {}),
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}

export function documentView(d: KnowledgeDocumentRow): KnowledgeDocumentView {
  return {
    id: d.id,
    name: d.name,
    mime: d.mime,
    size: d.size,
    status: d.status as KnowledgeDocumentView['status'],
    progress: { done: d.progressDone, total: d.progressTotal },
    error: d.error,
    chunks: d.chunkCount,
    source_url: d.sourceUrl,
    created_at: d.createdAt.toISOString(),
  };
}

export function hitView(h: KnowledgeHit): KnowledgeHitView {
  return { text: h.text, score: h.score, document: { id: h.documentId, name: h.documentName }, position: h.position, section: h.section, page: h.page };
}
