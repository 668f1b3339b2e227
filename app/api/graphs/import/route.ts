import { getStore } from '@/db/store';
import { ImportGraphQuery, YAML_MEDIA_TYPES, type ImportGraphResponse } from '@/lib/contracts/graphs';
import { decodeUtf8, readQuery, requireMediaType } from '@/lib/server/body';
import { importLimits, jsonWithWarnings, parseImportYaml, readImportBody, withImportSlot } from '@/lib/server/import-gate';
import { invalidGraph, route } from '@/lib/server/http';
import { graphFor, workspaceFor } from '@/lib/server/workspace-access';
import { checkWithSpecs } from '@/lib/server/document-check';
import { configuredNames } from '@/lib/runtime/preflight';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Imports a graph from the raw YAML body. 201 with the new id; 422 with every problem (line, col,
 * path) and nothing written; 409 when the name exists, unless `?overwrite=true` (200, a version appended)
 * or `?as_copy=true` (201, saved under the next free name: `name-2`, `name-3`, …).
 * Bounded (lib/server/import-gate.ts): 413 past SWITCHYARD_MAX_IMPORT_BYTES; 429 with Retry-After
 * past SWITCHYARD_MAX_CONCURRENT_IMPORTS at once; large documents parse in a worker thread.
 */
export const POST = route('editor', async (req, _ctx, caller) => {
  const workspaceId = workspaceFor(req, caller, 'editor');
  const { overwrite, as_copy: asCopy } = readQuery(req, ImportGraphQuery);
  requireMediaType(req, YAML_MEDIA_TYPES);
  const limits = importLimits();
  const text = decodeUtf8(await readImportBody(req, limits));
  if (text === null) {
    throw invalidGraph([{ severity: 'error', code: 'not_utf8', message: 'the file is not UTF-8 text', path: '', line: 1, col: 1 }], 'the YAML');
  }
  const { warningsJson, graph, created } = await withImportSlot(limits, async () => {
    const names = await configuredNames(workspaceId);
    const parsed = await parseImportYaml(text, limits, names);
    if (!parsed.ok) throw invalidGraph(parsed.errors, 'the YAML');
    // openapi tools' spec_url: fetched (guarded client) and stored into the document, then checked again with the spec.
    const checked = await checkWithSpecs(parsed.doc, names, parsed);
    if (!checked.ok) throw invalidGraph(checked.errors, 'the YAML');
    return { warningsJson: checked.warningsJson, ...(await getStore().graphs.import(checked.doc, workspaceId, { overwrite, asCopy })) };
  });
  const head: Omit<ImportGraphResponse, 'warnings'> = { id: graph.id, name: graph.name, version: graph.version, created };
  return jsonWithWarnings(head, warningsJson, { status: created ? 201 : 200, headers: { location: `/api/graphs/${graph.id}` } });
});
