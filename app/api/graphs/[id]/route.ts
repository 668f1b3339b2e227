import { getGraph, saveGraphDraft, saveGraphEdit } from '@/db/graphs';
import { deleteGraphAndRuns } from '@/lib/runtime/graph-deletion';
import { UpdateGraphRequest, type SavedGraphResponse } from '@/lib/contracts/graphs';
import { notFound } from '@/lib/errors';
import { checkGraphDocument } from '@/lib/graph/document';
import { validationContext } from '@/lib/runtime/preflight';
import { readJson } from '@/lib/server/body';
import { recordJson } from '@/lib/server/graph-views';
import { invalidGraph, json, route, type Params } from '@/lib/server/http';
import { withFetchedSpecs } from '@/lib/tools/openapi-spec-url';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The graph: its last valid document and version (what runs use), and its working draft if any. */
export const GET = route('viewer', async (_req, { params }: Params<'id'>) => {
  const row = getGraph((await params).id);
  if (!row) throw notFound('graph');
  return json(recordJson(row));
});

/**
 * Saves an edit. Valid: a layout-only change updates the current version; a logic change appends a
 * version (an editor autosave within a minute of its previous autosaved version replaces it); the
 * draft is cleared. Invalid: 422 and nothing written, or with `autosave` 202 and the edit kept as
 * the working draft with its problems (runs and the API go on using the last valid version).
 */
export const PUT = route('editor', async (req, { params }: Params<'id'>) => {
  const { id } = await params;
  const body = await readJson(req, UpdateGraphRequest);
  // openapi tools' spec_url: fetched again on every save and stored into the document.
  const fetched = await withFetchedSpecs(body.document);
  const checked = fetched.problems.length ? { ok: false as const, errors: fetched.problems } : checkGraphDocument(fetched.doc, validationContext());
  if (!checked.ok) {
    if (!body.autosave) throw invalidGraph(checked.errors);
    const row = saveGraphDraft(id, body.document as unknown as Record<string, unknown>, checked.errors);
    const res: SavedGraphResponse = { ...recordJson(row), warnings: [], saved: 'draft', problems: checked.errors };
    return json(res, { status: 202 });
  }
  const { graph, outcome } = saveGraphEdit(id, checked.doc, { autosave: body.autosave });
  const res: SavedGraphResponse = { ...recordJson(graph), warnings: checked.warnings, saved: outcome };
  return json(res);
});

/** Cancels the graph's active runs, then deletes it with its versions and runs. */
export const DELETE = route('editor', async (_req, { params }: Params<'id'>) => {
  if (!(await deleteGraphAndRuns((await params).id))) throw notFound('graph');
  return new Response(null, { status: 204 });
});
