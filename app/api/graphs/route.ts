import { getStore } from '@/db/store';
import { CreateGraphRequest, type CreateGraphRequest as CreateBody } from '@/lib/contracts/graphs';
import { notFound } from '@/lib/errors';
import { configuredNames } from '@/lib/runtime/preflight';
import type { GraphDocument } from '@/lib/graph/schema';
import { checkWithSpecs } from '@/lib/server/document-check';
import { findExample } from '@/lib/server/examples';
import { readGraphJson } from '@/lib/server/graph-json-body';
import { blankDocument, recordJson, summaryJson } from '@/lib/server/graph-views';
import { invalidGraph, json, route } from '@/lib/server/http';
import { jsonWithWarnings } from '@/lib/server/import-gate';
import { workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The graphs of one workspace (`?workspace=`, else the current one: lib/server/workspace-access.ts). */
export const GET = route('viewer', async (req, _ctx, caller) => json({ graphs: (await getStore().graphs.list([workspaceFor(req, caller, 'viewer')])).map(summaryJson) }));

/** The document a POST asks for: the one sent, an example's (renamed), or a blank graph. */
async function requestedDocument(body: CreateBody, workspaceId: string): Promise<unknown> {
  if ('document' in body) return body.document;
  if ('template' in body) {
    const example = findExample(body.template);
    if (!example) throw notFound(`template "${body.template}"`);
    return { ...example, name: body.name ?? (await getStore().graphs.uniqueName(example.name, workspaceId)) } satisfies GraphDocument;
  }
  return blankDocument(body.name ?? (await getStore().graphs.uniqueName('untitled', workspaceId)), body.description);
}

/** Creates a graph. Bounded as imports are (lib/server/graph-json-body.ts): 413, 429, large bodies read in a worker thread. */
export const POST = route('editor', async (req, _ctx, caller) => {
  const workspaceId = workspaceFor(req, caller, 'editor');
  const names = await configuredNames(workspaceId);
  const { body, checked: inWorker } = await readGraphJson(req, CreateGraphRequest, names);
  // openapi tools' spec_url: fetched (guarded client) and stored into the document (lib/tools/openapi-spec-url.ts).
  const checked = await checkWithSpecs(await requestedDocument(body, workspaceId), names, inWorker);
  if (!checked.ok) throw invalidGraph(checked.errors);
  const row = await getStore().graphs.create(checked.doc, workspaceId);
  return jsonWithWarnings(recordJson(row), checked.warningsJson, { status: 201, headers: { location: `/api/graphs/${row.id}` } });
});
