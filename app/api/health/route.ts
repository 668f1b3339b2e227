import { pingDatabase } from '@/db/client';
import { json, route } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Liveness and readiness: the database opens, is migrated and answers. */
export const GET = route('public', async () => {
  await pingDatabase();
  return json({ ok: true });
});
