import { removeConnection } from '@/lib/runtime/connections';
import { route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const DELETE = route(async (_req, { params }: Params<'name'>) => {
  removeConnection((await params).name);
  return new Response(null, { status: 204 });
});
