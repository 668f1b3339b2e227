import { inputItemsPage } from '@/lib/runtime/openai/responses';
import { openaiOtherMethods, openaiRoute } from '@/lib/server/openai-route';
import { json, type Params } from '@/lib/server/http';
import { responseFor } from '@/lib/server/response-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = openaiRoute('viewer', async (req, { params }: Params<'id'>, caller) => json(inputItemsPage(await responseFor(caller, (await params).id, 'viewer'), new URL(req.url))));

export const { POST, PUT, PATCH, DELETE } = openaiOtherMethods('GET');
