/** `model` of the OpenAI-compatible API = a saved graph's name or id. */
import 'server-only';
import { findGraph } from '@/db/graphs';
import type { GraphRow } from '@/db/schema/graphs';
import { OpenAIApiError } from './errors';

export function graphForModel(model: string, param = 'model'): GraphRow {
  const g = findGraph(model);
  if (!g) {
    throw new OpenAIApiError('not_found', `The model \`${model}\` does not exist: use the name or id of a saved graph (GET /api/v1/models lists them).`, { code: 'model_not_found', param });
  }
  return g;
}
