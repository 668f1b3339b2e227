import { createGraph, listGraphs, uniqueGraphName } from '@/db/graphs';
import { CreateGraphRequest, type CreateGraphRequest as CreateBody } from '@/lib/contracts/graphs';
import { notFound } from '@/lib/errors';
import { checkGraphDocument } from '@/lib/graph/document';
import { validationContext } from '@/lib/runtime/preflight';
import type { GraphDocument } from '@/lib/graph/schema';
import { readJson } from '@/lib/server/body';
import { findExample } from '@/lib/server/examples';
import { blankDocument, recordJson, summaryJson } from '@/lib/server/graph-views';
import { invalidGraph, json, route } from '@/lib/server/http';
import { withFetchedSpecs } from '@/lib/tools/openapi-spec-url';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = route('viewer', () => json({ graphs: listGraphs().map(summaryJson) }));

/** The document a POST asks for: the one sent, an example's (renamed), or a blank graph. */
function requestedDocument(body: CreateBody): unknown {
  if ('document' in body) return body.document;
  if ('template' in body) {
    const example = findExample(body.template);
    if (!example) throw notFound(`template "${body.template}"`);
    return { ...example, name: body.name ?? uniqueGraphName(example.name) } satisfies GraphDocument;
  }
  return blankDocument(body.name ?? uniqueGraphName('untitled'), body.description);
}

export const POST = route('editor', async (req) => {
  const body = await readJson(req, CreateGraphRequest);
  // openapi tools' spec_url: fetched (guarded client) and stored into the document (lib/tools/openapi-spec-url.ts).
  const fetched = await withFetchedSpecs(requestedDocument(body));
  if (fetched.problems.length) throw invalidGraph(fetched.problems);
  const checked = checkGraphDocument(fetched.doc, validationContext());
  if (!checked.ok) throw invalidGraph(checked.errors);
  const row = createGraph(checked.doc);
  return json({ ...recordJson(row), warnings: checked.warnings }, { status: 201, headers: { location: `/api/graphs/${row.id}` } });
});
