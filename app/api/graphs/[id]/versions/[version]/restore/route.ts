import { getStore } from '@/db/store';
import { RestoreVersionRequest, type RestoreVersionResponse } from '@/lib/contracts/graph-versions';
import { AppError, statusOf } from '@/lib/errors';
import { checkGraphDocument } from '@/lib/graph/document';
import { validationContext } from '@/lib/runtime/preflight';
import type { GraphDocument } from '@/lib/graph/schema';
import { readBytes, readJson, requireMediaType } from '@/lib/server/body';
import { recordJson } from '@/lib/server/graph-views';
import { invalidGraph, json, route, type Params } from '@/lib/server/http';
import { loadVersion } from '../../load-version';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** An empty body is allowed (no options); anything sent must be the JSON options object. */
async function readOptions(req: Request): Promise<RestoreVersionRequest> {
  if (req.headers.has('content-type')) return readJson(req, RestoreVersionRequest);
  if ((await readBytes(req, 1024)).byteLength) requireMediaType(req, ['application/json']); // 415
  return {};
}

function nameClash(name: string, version: number, otherId: string | undefined): AppError {
  const message =
    `Version ${version} is named "${name}", and another graph now has that name: ` +
    `rename or delete that graph first, then restore again`;
  return new AppError('conflict', message, { name, ...(otherId ? { id: otherId } : {}) });
}

/** Appends the version; a name taken between the check and the write is still the clear 409. */
async function save(id: string, doc: GraphDocument, version: number) {
  try {
    return await getStore().graphs.update(id, doc);
  } catch (err) {
    if (err instanceof AppError && statusOf(err.code) === 409) throw nameClash(doc.name, version, undefined);
    throw err;
  }
}

/**
 * Restores an old version by saving its document as a NEW version (history stays append-only).
 * 422 with its problems when that document no longer validates; 409 when its name is now another
 * graph's, or when `base_version` is given and the graph has changed since. Nothing is written on error.
 */
export const POST = route('editor', async (req, { params }: Params<'id' | 'version'>, caller) => {
  const { graph, row } = await loadVersion(caller, await params, 'editor');
  const options = await readOptions(req);
  if (options.base_version !== undefined && options.base_version !== graph.version) {
    throw new AppError('conflict', `the graph changed while you looked: it is now at version ${graph.version}, not ${options.base_version}; review and restore again`, {
      version: graph.version,
    });
  }
  const checked = checkGraphDocument(row.document, await validationContext());
  if (!checked.ok) throw invalidGraph(checked.errors, `version ${row.version}`);
  const other = await getStore().graphs.getByName(checked.doc.name, graph.workspaceId);
  if (other && other.id !== graph.id) throw nameClash(checked.doc.name, row.version, other.id);
  const saved = await save(graph.id, checked.doc, row.version);
  const body: RestoreVersionResponse = { ...recordJson(saved), warnings: checked.warnings, restored_from: row.version };
  return json(body, 201);
});
