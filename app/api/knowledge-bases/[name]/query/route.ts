import { KnowledgeQueryBody, type KnowledgeQueryResponse } from '@/lib/contracts/knowledge';
import { queryKnowledge } from '@/lib/runtime/knowledge/search';
import { readJson } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';
import { hitView, knowledgeBaseFor } from '@/lib/server/knowledge-views';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Searches the base: `{query, top_k?, mode?}` → the ranked hits (viewers may query). */
export const POST = route('viewer', async (req, { params }: Params<'name'>, caller) => {
  const base = await knowledgeBaseFor(req, caller, (await params).name, 'viewer');
  const body = await readJson(req, KnowledgeQueryBody);
  const result = await queryKnowledge(base, { query: body.query, topK: body.top_k, mode: body.mode, signal: req.signal });
  const res: KnowledgeQueryResponse = { mode: result.mode, hits: result.hits.map(hitView) };
  return json(res);
});
