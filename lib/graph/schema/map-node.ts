/**
 * `role: map` (issue 26): for each item of a list (CEL `items`), run the saved graph `graph` with the
 * item as its input, `max_concurrency` at a time; the outputs, in the items' order, go to `output`.
 * `on_error: fail` (default) fails the node when an item fails; `collect` puts `{ error }` in its place.
 */
import { z } from 'zod';
import { CelExpression, GraphName, Identifier, Text } from './common';

export const MAP_ON_ERROR = ['fail', 'collect'] as const;
export const MAP_MAX_CONCURRENCY = 32;
export const MAP_MAX_ITEMS = 1000;

export const MapNode = z.strictObject({
  role: z.literal('map'),
  label: z.string().max(200).optional(),
  description: Text.optional(),
  /** Name of another saved graph, run once per item. */
  graph: GraphName,
  /** CEL giving the list (e.g. `state.topics`); a string item is the input as is, any other is its JSON. */
  items: CelExpression,
  max_concurrency: z.number().int('must be a whole number').min(1, 'must be at least 1').max(MAP_MAX_CONCURRENCY, `must be at most ${MAP_MAX_CONCURRENCY}`).optional(),
  on_error: z.enum(MAP_ON_ERROR).optional(),
  output: Identifier.optional(),
});
