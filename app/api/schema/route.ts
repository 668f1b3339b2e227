import { graphJsonSchema } from '@/lib/graph/json-schema';
import { json, route } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The JSON Schema of the graph document format, generated from the zod schema. */
export const GET = route('public', () => json(graphJsonSchema(), { headers: { 'content-type': 'application/schema+json; charset=utf-8' } }));
