/**
 * A tool's `args_schema`: JSON Schema, or OPEA's shorthand (seed 003), one entry per argument:
 *   args_schema:
 *     query: { type: str, description: The search query. }
 * The document keeps what the author wrote (so import then export gives the same text); the engine
 * asks `argsJsonSchema` for the JSON Schema the model sees. Shorthand types: str → string,
 * int → integer, float → number, bool → boolean, list → array, dict → object (JSON Schema type
 * names are accepted too); every shorthand argument is required. Pure.
 */

export const SHORTHAND_TYPES: Readonly<Record<string, string>> = {
  str: 'string',
  int: 'integer',
  float: 'number',
  bool: 'boolean',
  list: 'array',
  dict: 'object',
  string: 'string',
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  array: 'array',
  object: 'object',
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * JSON Schema has a string `type` (or `properties` / `$schema`) at its top; anything else is the
 * shorthand, whose top-level keys are argument names (an argument may even be called `type`).
 */
export function isArgsShorthand(schema: Record<string, unknown>): boolean {
  if (typeof schema.type === 'string' || Array.isArray(schema.type)) return false;
  if ('properties' in schema || '$schema' in schema) return false;
  return Object.keys(schema).length > 0;
}

/** Problems of a shorthand `args_schema`, as [argument path, message] pairs (none for JSON Schema). */
export function shorthandProblems(schema: Record<string, unknown>): { path: string[]; message: string }[] {
  if (!isArgsShorthand(schema)) return [];
  const out: { path: string[]; message: string }[] = [];
  for (const [arg, spec] of Object.entries(schema)) {
    if (!isObject(spec)) {
      out.push({ path: [arg], message: `argument "${arg}" must be a mapping such as { type: str, description: ... }` });
      continue;
    }
    const type = spec.type;
    if (typeof type !== 'string' || !Object.hasOwn(SHORTHAND_TYPES, type)) {
      const known = 'str, int, float, bool, list, dict';
      out.push({ path: [arg, 'type'], message: `argument "${arg}" has type ${JSON.stringify(type ?? null)}; use one of ${known} (or a JSON Schema type name)` });
    }
  }
  return out;
}

/** The JSON Schema of a tool's arguments: JSON Schema as is, the shorthand converted. */
export function argsJsonSchema(schema: Record<string, unknown>): Record<string, unknown> {
  if (!isArgsShorthand(schema)) return schema;
  const properties: Record<string, unknown> = {};
  for (const [arg, spec] of Object.entries(schema)) {
    const { type, ...rest } = isObject(spec) ? spec : {};
    const mapped = typeof type === 'string' && Object.hasOwn(SHORTHAND_TYPES, type) ? SHORTHAND_TYPES[type] : 'string';
    properties[arg] = { type: mapped, ...rest };
  }
  return { type: 'object', properties, required: Object.keys(schema) };
}
