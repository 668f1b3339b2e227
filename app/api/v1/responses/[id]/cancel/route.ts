import { cancelResponse } from '@/lib/runtime/openai/responses';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { json, type Params } from '@/lib/server/http';
import { responseFor } from '@/lib/server/response-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Cancels a background response (its run); answers the response, `cancelled`. */
export const POST = openaiRoute('editor', async (_req, { params }: Params<'id'>, caller) => json(await cancelResponse(await responseFor(caller, (await params).id, 'editor'))));

export const { GET, PUT, PATCH, DELETE } = openaiOtherMethods('POST');
