/** `model` of the OpenAI-compatible API = a saved graph's name or id. */
import 'server-only';
import { getStore } from '@/db/store';
import type { GraphRow } from '@/db/schema/graphs';
import { OpenAIApiError } from './errors';

/** The graph of the workspace named (or with the id) `model`; a graph of another workspace is not found. */
export async function graphForModel(model: string, workspaceId: string, param = 'model'): Promise<GraphRow> {
  const g = await getStore().graphs.find(model, workspaceId);
  if (!g) {
    throw new OpenAIApiError('not_found', `The model \`${model}\` does not exist: use the name or id of a saved graph (GET /api/v1/models lists them).`, { code: 'model_not_found', param });
  }
  return g;
}
