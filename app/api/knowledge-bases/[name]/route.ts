import { getStore, type KnowledgeBasePatch } from '@/db/store';
import { UpdateKnowledgeBaseBody } from '@/lib/contracts/knowledge';
import { notFound } from '@/lib/errors';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';
import { baseView, knowledgeBaseFor } from '@/lib/server/knowledge-views';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = route('viewer', async (req, { params }: Params<'name'>, caller) => {
  const base = await knowledgeBaseFor(req, caller, (await params).name, 'viewer');
  const summary = (await getStore().knowledge.listBases([base.workspaceId])).find((b) => b.id === base.id);
  return json(baseView(summary ?? base));
});

/** Title, description, embedding (null: keyword-only) and chunking; they apply to documents added after. */
export const PATCH = route('editor', async (req, { params }: Params<'name'>, caller) => {
  const base = await knowledgeBaseFor(req, caller, (await params).name, 'editor');
  const body = await readJson(req, UpdateKnowledgeBaseBody);
  const patch: KnowledgeBasePatch = {};
  if (body.title !== undefined) patch.title = body.title;
  if (body.description !== undefined) patch.description = body.description;
  if (body.embedding !== undefined) {
    patch.embeddingConnection = body.embedding?.connection ?? null;
    patch.embeddingModel = body.embedding?.model ?? null;
  }
  if (body.chunking) {
    patch.chunkChars = body.chunking.target_chars;
    patch.chunkOverlap = body.chunking.overlap;
  }
  const row = await getStore().knowledge.updateBase(base.id, patch);
  if (!row) throw notFound(`knowledge base "${base.name}"`);
  return json(baseView(row));
});

/** Deletes the base with its documents and chunks. */
export const DELETE = route('editor', async (req, { params }: Params<'name'>, caller) => {
  const base = await knowledgeBaseFor(req, caller, (await params).name, 'editor');
  if (!(await getStore().knowledge.deleteBase(base.id))) throw notFound(`knowledge base "${base.name}"`);
  return new Response(null, { status: 204 });
});
