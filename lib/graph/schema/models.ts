/** `models:` — the model settings a node names (the connection is the operator's). */
import { z } from 'zod';
import { Identifier } from './common';

export const ModelSpec = z.strictObject({
  /** Name of an operator-configured connection; endpoints and keys never live in the YAML. */
  connection: Identifier,
  model: z.string().min(1).max(200),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
  max_tokens: z.number().int().min(1).max(1_000_000).optional(),
});
export type ModelSpec = z.infer<typeof ModelSpec>;
