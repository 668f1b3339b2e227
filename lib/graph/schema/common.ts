/** The building blocks every section of the graph document uses: ids, names, CEL and free text. */
import { z } from 'zod';
import { GRAPH_NAME_PATTERN, GRAPH_NAME_RULE, IDENTIFIER_PATTERN, IDENTIFIER_RULE } from '../constants';

/** Node, tool, model and channel ids. START and END are reserved. */
export const Identifier = z.string().regex(IDENTIFIER_PATTERN, IDENTIFIER_RULE);

export const GraphName = z.string().regex(GRAPH_NAME_PATTERN, GRAPH_NAME_RULE);

/** A CEL expression (checked for compilation by validation, never evaluated as JS). */
export const CelExpression = z.string().min(1, 'must not be empty').max(4000);

export const Text = z.string().max(100_000);
