/**
 * The published JSON Schema of the graph document, generated from the zod schema (the truth).
 * Types JSON Schema cannot express are widened to `{}` (any) instead of failing.
 */
import { z } from 'zod';
import { FORMAT_VERSION, GraphDocument } from './schema';

let cached: Record<string, unknown> | undefined;

export function graphJsonSchema(): Record<string, unknown> {
  if (!cached) {
    const schema = z.toJSONSchema(GraphDocument, {
      target: 'draft-2020-12',
      io: 'input',
      unrepresentable: 'any',
      reused: 'inline',
      cycles: 'ref',
    }) as Record<string, unknown>;
    cached = {
      ...schema,
      $id: `https://switchyard.dev/schema/graph-v${FORMAT_VERSION}.json`,
      title: 'Switchyard graph document',
      description: `A Switchyard agent graph, format version ${FORMAT_VERSION} (the \`switchyard:\` field).`,
    };
  }
  return structuredClone(cached);
}
