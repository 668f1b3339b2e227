import { graphJsonSchema } from '@/lib/graph/json-schema';
import { graphTestJsonSchema } from '@/lib/graph/test-schema';
import { json, route } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * The JSON Schema of the graph document format, generated from the zod schema;
 * `?kind=test`: the schema of graph test files (*.test.yaml).
 */
export const GET = route('public', (req) => {
  const kind = new URL(req.url).searchParams.get('kind');
  return json(kind === 'test' ? graphTestJsonSchema() : graphJsonSchema(), { headers: { 'content-type': 'application/schema+json; charset=utf-8' } });
});
