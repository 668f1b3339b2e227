import { ResumeRunBody } from '@/lib/contracts/runs';
import { resumeRun } from '@/lib/runtime/run-manager';
import { runView } from '@/lib/runtime/run-views';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';
import { runFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Continues a paused or interrupted run: 409 when it is neither. */
export const POST = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const { id } = await runFor(caller, (await params).id, 'editor');
  const body = await readJson(req, ResumeRunBody);
  return json({ run: runView(await resumeRun(id, body.value)) }, 202);
});
