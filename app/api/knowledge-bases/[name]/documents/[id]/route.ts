import { getStore, type KnowledgeBaseRow } from '@/db/store';
import { notFound } from '@/lib/errors';
import { json, route, type Params } from '@/lib/server/http';
import { documentView, knowledgeBaseFor } from '@/lib/server/knowledge-views';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

async function documentIn(base: KnowledgeBaseRow, id: string) {
  const doc = await getStore().knowledge.getDocument(id);
  if (!doc || doc.baseId !== base.id) throw notFound(`document ${id}`);
  return doc;
}

export const GET = route('viewer', async (req, { params }: Params<'name' | 'id'>, caller) => {
  const { name, id } = await params;
  const base = await knowledgeBaseFor(req, caller, name, 'viewer');
  return json(documentView(await documentIn(base, id)));
});

/** Deletes the document and its chunks. */
export const DELETE = route('editor', async (req, { params }: Params<'name' | 'id'>, caller) => {
  const { name, id } = await params;
  const base = await knowledgeBaseFor(req, caller, name, 'editor');
  await documentIn(base, id);
  await getStore().knowledge.deleteDocument(id);
  return new Response(null, { status: 204 });
});
