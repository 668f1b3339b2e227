/**
 * `type: knowledge` (issue 23): searches a knowledge base of the graph's workspace, named like a
 * connection (`knowledge_base: <name>`); the model passes `query`. `top_k` hits (default 5) by
 * `mode` (hybrid when the base has an embedding model, else keyword); with `top_p`, only the
 * smallest set of hits whose softmaxed scores reach p is returned (seed 001's top-p sampler).
 */
import { z } from 'zod';
import { Identifier, Text } from './common';

export const KNOWLEDGE_MODES = ['hybrid', 'keyword', 'vector'] as const;
export type KnowledgeMode = (typeof KNOWLEDGE_MODES)[number];

export const KnowledgeTool = z.strictObject({
  type: z.literal('knowledge'),
  description: Text.optional(),
  knowledge_base: Identifier,
  top_k: z.number().int().min(1).max(50).optional(),
  mode: z.enum(KNOWLEDGE_MODES).optional(),
  top_p: z.number().min(0).max(1).optional(),
});
