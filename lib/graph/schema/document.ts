/** The whole document: its sections together, and the key order the YAML writer uses. */
import { z } from 'zod';
import { FORMAT_VERSION } from '../constants';
import { CelExpression, GraphName, Identifier, Text } from './common';
import { EdgeSpec } from './edges';
import { GuardsSpec } from './guards';
import { Layout, Limits } from './limits';
import { ModelSpec } from './models';
import { NodeSpec } from './nodes';
import { StateChannel } from './state';
import { ToolSpec } from './tools';

export const GraphDocument = z.strictObject({
  switchyard: z.literal(FORMAT_VERSION),
  name: GraphName,
  description: Text.optional(),
  models: z.record(Identifier, ModelSpec).optional(),
  tools: z.record(Identifier, ToolSpec).optional(),
  state: z.record(Identifier, StateChannel).optional(),
  nodes: z.record(Identifier, NodeSpec),
  edges: z.array(EdgeSpec).max(10_000),
  /**
   * The run's answer: a state channel name, or a CEL expression over `state`. Without it, the answer
   * is the last message written by a node whose output goes to `messages` (a node without `output`).
   */
  output: CelExpression.optional(),
  /** Checks on the run's input and answer (guards.ts). */
  guards: GuardsSpec.optional(),
  limits: Limits.optional(),
  layout: Layout.optional(),
});
export type GraphDocument = z.infer<typeof GraphDocument>;

/** Top-level key order used by the YAML writer. */
export const DOCUMENT_KEY_ORDER = [
  'switchyard',
  'name',
  'description',
  'models',
  'tools',
  'state',
  'nodes',
  'edges',
  'output',
  'guards',
  'limits',
  'layout',
] as const satisfies readonly (keyof GraphDocument)[];
