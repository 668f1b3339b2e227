import { getStore } from '@/db/store';
import { deleteGraphAndRuns } from '@/lib/runtime/graph-deletion';
import { UpdateGraphRequest, type SavedGraphResponse } from '@/lib/contracts/graphs';
import { notFound } from '@/lib/errors';
import { configuredNames } from '@/lib/runtime/preflight';
import { checkWithSpecs } from '@/lib/server/document-check';
import { readGraphJson } from '@/lib/server/graph-json-body';
import { recordJson } from '@/lib/server/graph-views';
import { invalidGraph, json, route, type Params } from '@/lib/server/http';
import { jsonWithWarnings } from '@/lib/server/import-gate';
import { graphFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The graph: its last valid document and version (what runs use), and its working draft if any. */
export const GET = route('viewer', async (_req, { params }: Params<'id'>, caller) => {
  const row = await graphFor(caller, (await params).id, 'viewer');
  return json(recordJson(row));
});

/**
 * Saves an edit. Valid: a layout-only change updates the current version; a logic change appends a
 * version (an editor autosave within a minute of its previous autosaved version replaces it); the
 * draft is cleared. Invalid: 422 and nothing written, or with `autosave` 202 and the edit kept as
 * the working draft with its problems (runs and the API go on using the last valid version).
 * Bounded as imports are (lib/server/graph-json-body.ts): 413, 429, large bodies read in a worker thread.
 */
export const PUT = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const { id, workspaceId } = await graphFor(caller, (await params).id, 'editor');
  const names = await configuredNames(workspaceId);
  const { body, checked: inWorker } = await readGraphJson(req, UpdateGraphRequest, names);
  // openapi tools' spec_url: fetched again on every save and stored into the document.
  const checked = await checkWithSpecs(body.document, names, inWorker);
  if (!checked.ok) {
    if (!body.autosave) throw invalidGraph(checked.errors);
    const row = await getStore().graphs.saveDraft(id, body.document as unknown as Record<string, unknown>, checked.errors);
    const res: SavedGraphResponse = { ...recordJson(row), warnings: [], saved: 'draft', problems: checked.errors };
    return json(res, { status: 202 });
  }
  const { graph, outcome } = await getStore().graphs.saveEdit(id, checked.doc, { autosave: body.autosave });
  // SavedGraphResponse: the record, its warnings, how it was saved
  const saved: Pick<SavedGraphResponse, 'saved'> = { saved: outcome };
  return jsonWithWarnings(recordJson(graph), checked.warningsJson, { status: 200 }, saved);
});

/** Cancels the graph's active runs, then deletes it with its versions and runs. */
export const DELETE = route('editor', async (_req, { params }: Params<'id'>, caller) => {
  const { id } = await graphFor(caller, (await params).id, 'editor');
  if (!(await deleteGraphAndRuns(id))) throw notFound('graph');
  return new Response(null, { status: 204 });
});
