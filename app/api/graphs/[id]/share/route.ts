import { getStore } from '@/db/store';
import { ShareSettingsRequest } from '@/lib/contracts/publishing';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';
import { nextShareSettings, shareJson } from '@/lib/server/public-share';
import { graphFor } from '@/lib/server/workspace-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The graph's public chat settings (off until saved). */
export const GET = route('viewer', async (_req, { params }: Params<'id'>, caller) => {
  const graph = await graphFor(caller, (await params).id, 'viewer');
  return json(shareJson(await getStore().shares.get(graph.id)));
});

/**
 * Changes the public chat settings (fields left out keep their value): who may open `/c/<token>`
 * (off, signed_in, link), welcome text, suggested prompts, origins that may embed it, the
 * per-visitor rate and the daily cost cap; `regenerate_token` retires the old link.
 */
export const PUT = route('editor', async (req, { params }: Params<'id'>, caller) => {
  const graph = await graphFor(caller, (await params).id, 'editor');
  const body = await readJson(req, ShareSettingsRequest);
  const store = getStore();
  const row = await store.shares.put(graph.id, nextShareSettings(await store.shares.get(graph.id), body));
  return json(shareJson(row));
});
