import { getStore } from '@/db/store';
import { notFound } from '@/lib/errors';
import { stringifyGraph } from '@/lib/graph/yaml';
import { route, type Params } from '@/lib/server/http';
import { graphFor, workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The stored (validated) document as canonical YAML, as a download named `<name>.yaml`. */
export const GET = route('viewer', async (_req, { params }: Params<'id'>, caller) => {
  const row = await graphFor(caller, (await params).id, 'viewer');
  // Graph names are limited to [A-Za-z0-9._-], so the file name needs no escaping.
  return new Response(stringifyGraph(row.document), {
    headers: {
      'content-type': 'application/yaml; charset=utf-8',
      'content-disposition': `attachment; filename="${row.name}.yaml"`,
      'cache-control': 'no-store',
    },
  });
});
