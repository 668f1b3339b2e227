import { RunDiffQuery } from '@/lib/contracts/time-travel';
import { diffRuns } from '@/lib/runtime/run-diff';
import { readQuery } from '@/lib/server/body';
import { json, route } from '@/lib/server/http';
import { runFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Two runs side by side, aligned by step and node: 404 when either is unknown. */
export const GET = route('viewer', async (req, _ctx, caller) => {
  const { a, b } = readQuery(req, RunDiffQuery);
  await runFor(caller, a, 'viewer');
  await runFor(caller, b, 'viewer');
  return json(await diffRuns(a, b));
});
