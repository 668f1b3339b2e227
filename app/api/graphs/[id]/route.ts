import { getGraph, updateGraph } from '@/db/graphs';
import { deleteGraphAndRuns } from '@/lib/runtime/graph-deletion';
import { UpdateGraphRequest } from '@/lib/contracts/graphs';
import { notFound } from '@/lib/errors';
import { checkGraphDocument } from '@/lib/graph/document';
import { readJson } from '@/lib/server/body';
import { recordJson } from '@/lib/server/graph-views';
import { invalidGraph, json, route, type Params } from '@/lib/server/http';
import { withFetchedSpecs } from '@/lib/tools/openapi-spec-url';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = route('viewer', async (_req, { params }: Params<'id'>) => {
  const row = getGraph((await params).id);
  if (!row) throw notFound('graph');
  return json(recordJson(row));
});

/** Replaces the document (validated; nothing written when invalid) and appends a version. */
export const PUT = route('editor', async (req, { params }: Params<'id'>) => {
  const { id } = await params;
  const body = await readJson(req, UpdateGraphRequest);
  // openapi tools' spec_url: fetched again on every save and stored into the document.
  const fetched = await withFetchedSpecs(body.document);
  if (fetched.problems.length) throw invalidGraph(fetched.problems);
  const checked = checkGraphDocument(fetched.doc);
  if (!checked.ok) throw invalidGraph(checked.errors);
  const row = updateGraph(id, checked.doc);
  return json({ ...recordJson(row), warnings: checked.warnings });
});

/** Cancels the graph's active runs, then deletes it with its versions and runs. */
export const DELETE = route('editor', async (_req, { params }: Params<'id'>) => {
  if (!(await deleteGraphAndRuns((await params).id))) throw notFound('graph');
  return new Response(null, { status: 204 });
});
