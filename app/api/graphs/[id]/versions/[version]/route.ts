import { json, route, type Params } from '@/lib/server/http';
import { loadVersion, versionJson } from '../load-version';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** One saved version of a graph: its document as stored and that document as YAML. */
export const GET = route('viewer', async (_req, { params }: Params<'id' | 'version'>, caller) => {
  const { row } = await loadVersion(caller, await params, 'viewer');
  return json(versionJson(row));
});
