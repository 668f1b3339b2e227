import { openaiUnknownRoute } from '@/lib/server/openai-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Any path under /api/v1 that no route serves: a JSON 404 in OpenAI's shape (OpenAI clients raise NotFoundError). */
export const GET = openaiUnknownRoute;
export const POST = openaiUnknownRoute;
export const PUT = openaiUnknownRoute;
export const PATCH = openaiUnknownRoute;
export const DELETE = openaiUnknownRoute;
