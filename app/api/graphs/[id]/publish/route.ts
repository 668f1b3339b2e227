import { getStore } from '@/db/store';
import { PublishRequest, type PublicationResponse } from '@/lib/contracts/publishing';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';
import { publicationJson, publisherOf } from '@/lib/server/publication-views';
import { graphFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The version outside callers run (`published`: null → the newest, `newest_version`). */
export const GET = route('viewer', async (_req, { params }: Params<'id'>, caller) => {
  const graph = await graphFor(caller, (await params).id, 'viewer');
  const res: PublicationResponse = { published: await publicationJson(await getStore().publications.get(graph.id)), newest_version: graph.version };
  return json(res);
});

/**
 * Publishes one of the graph's saved versions with a note: /api/v1, MCP, A2A and the public chat run
 * it from now on (lib/runtime/published.ts); the editor keeps running the newest. Publishing an
 * older version is the rollback. 404 for an unknown version, 403 for a viewer.
 */
export const POST = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const graph = await graphFor(caller, (await params).id, 'editor');
  const body = await readJson(req, PublishRequest);
  const row = await getStore().publications.publish(graph.id, { version: body.version, note: body.note || null, publishedBy: publisherOf(caller) });
  const res: PublicationResponse = { published: await publicationJson(row), newest_version: graph.version };
  return json(res);
});

/** Unpublishes: outside callers run the newest version again. */
export const DELETE = route('editor', async (_req, { params }: Params<'id'>, caller) => {
  const graph = await graphFor(caller, (await params).id, 'editor');
  await getStore().publications.unpublish(graph.id);
  const res: PublicationResponse = { published: null, newest_version: graph.version };
  return json(res);
});
