import { listGraphVersions } from '@/db/graphs';
import { notFound } from '@/lib/errors';
import { json, route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The saved versions of a graph, newest first. */
export const GET = route('viewer', async (_req, { params }: Params<'id'>) => {
  const versions = listGraphVersions((await params).id);
  if (!versions) throw notFound('graph');
  return json({ versions: versions.map((v) => ({ version: v.version, created_at: v.createdAt.toISOString() })) });
});
