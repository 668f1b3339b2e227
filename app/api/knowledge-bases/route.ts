import { getStore } from '@/db/store';
import { CreateKnowledgeBaseBody } from '@/lib/contracts/knowledge';
import { readJson } from '@/lib/server/body';
import { json, route } from '@/lib/server/http';
import { baseView } from '@/lib/server/knowledge-views';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The knowledge bases of one workspace (`?workspace=`, else the current one), with document and chunk counts. */
export const GET = route('viewer', async (req, _ctx, caller) => {
  const workspaceId = workspaceFor(req, caller, 'viewer');
  return json({ knowledge_bases: (await getStore().knowledge.listBases([workspaceId])).map(baseView) });
});

/** Creates a base (409 when the name is taken in the workspace). */
export const POST = route('editor', async (req, _ctx, caller) => {
  const workspaceId = workspaceFor(req, caller, 'editor');
  const body = await readJson(req, CreateKnowledgeBaseBody);
  const row = await getStore().knowledge.createBase({
    workspaceId,
    name: body.name,
    title: body.title ?? '',
    description: body.description ?? '',
    embeddingConnection: body.embedding?.connection ?? null,
    embeddingModel: body.embedding?.model ?? null,
    ...(body.chunking ? { chunkChars: body.chunking.target_chars, chunkOverlap: body.chunking.overlap } : {}),
  });
  return json(baseView(row), { status: 201, headers: { location: `/api/knowledge-bases/${row.name}` } });
});
