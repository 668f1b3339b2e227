/** `edges:` — plain and conditional edges and their branches. */
import { z } from 'zod';
import { CelExpression } from './common';

/** A node id, or START / END. */
const NodeRef = z.string().min(1).max(64);

export const PlainEdge = z.strictObject({
  from: NodeRef,
  to: NodeRef,
  label: z.string().max(200).optional(),
});

export const WhenBranch = z.strictObject({
  when: CelExpression,
  to: NodeRef,
  /** For LLM routers: the label the classifier picks. */
  label: z.string().max(200).optional(),
});
const ElseBranch = z.strictObject({ else: NodeRef });
export const Branch = z.union([WhenBranch, ElseBranch]);
export type Branch = z.infer<typeof Branch>;

export const ConditionalEdge = z.strictObject({
  from: NodeRef,
  /** Tried in order; the first `when` that is true wins, `else` otherwise. */
  branches: z.array(Branch).min(1).max(50),
});

export const EdgeSpec = z.union([PlainEdge, ConditionalEdge]);
export type EdgeSpec = z.infer<typeof EdgeSpec>;
export type PlainEdge = z.infer<typeof PlainEdge>;
export type ConditionalEdge = z.infer<typeof ConditionalEdge>;
