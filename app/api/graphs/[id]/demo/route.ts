import { getStore } from '@/db/store';
import { DEMO_CONNECTION_LABEL, type DemoScriptsResponse } from '@/lib/contracts/runs';
import { notFound } from '@/lib/errors';
import { loadDemoScripts } from '@/lib/llm/demo/scripts-store';
import { json, route, type Params } from '@/lib/server/http';
import { graphFor, workspaceFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The inputs the built-in demo model plays a scripted conversation for, for this graph (lib/llm/demo). */
export const GET = route('viewer', async (_req, { params }: Params<'id'>, caller) => {
  const row = await graphFor(caller, (await params).id, 'viewer');
  const res: DemoScriptsResponse = { label: DEMO_CONNECTION_LABEL, inputs: [...new Set(loadDemoScripts(row.name).map((s) => s.input))] };
  return json(res);
});
