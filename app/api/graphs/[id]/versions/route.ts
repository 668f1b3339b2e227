import { getStore } from '@/db/store';
import { SaveVersionRequest } from '@/lib/contracts/graph-versions';
import type { GraphVersionsResponse, SavedGraphResponse } from '@/lib/contracts/graphs';
import { notFound } from '@/lib/errors';
import { configuredNames } from '@/lib/runtime/preflight';
import { describeChanges, versionChanges } from '@/lib/graph/version-changes';
import { checkDocument } from '@/lib/server/document-check';
import { readGraphJson } from '@/lib/server/graph-json-body';
import { recordJson } from '@/lib/server/graph-views';
import { invalidGraph, json, route, type Params } from '@/lib/server/http';
import { graphFor, workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The saved versions of a graph, newest first, each with its note and what changed from the one before. */
export const GET = route('viewer', async (_req, { params }: Params<'id'>, caller) => {
  const versions = await getStore().versions.list((await graphFor(caller, (await params).id, 'viewer')).id);
  if (!versions) throw notFound('graph');
  const res: GraphVersionsResponse = {
    versions: versions.map((v, i) => {
      const changes = versionChanges(versions[i + 1]?.document ?? null, v.document);
      return { version: v.version, created_at: v.createdAt.toISOString(), note: v.note, changes, summary: describeChanges(changes) };
    }),
  };
  return json(res);
});

/**
 * "Save version": a new version with a note, of the given document (validated) or the current one.
 * Bounded as imports are (lib/server/graph-json-body.ts): 413, 429, large bodies read in a worker thread.
 */
export const POST = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const { id } = await graphFor(caller, (await params).id, 'editor');
  const names = await configuredNames();
  const { body, checked: inWorker } = await readGraphJson(req, SaveVersionRequest, names);
  let doc = undefined;
  if (body.document) {
    const checked = inWorker ?? checkDocument(body.document, names);
    if (!checked.ok) throw invalidGraph(checked.errors);
    doc = checked.doc;
  }
  const row = await getStore().graphs.saveNamedVersion(id, body.note, doc);
  const res: SavedGraphResponse = { ...recordJson(row), warnings: [], saved: 'version' };
  return json(res, { status: 201 });
});
