/**
 * A small JSON Schema subset check for tool arguments the model supplies: type, required,
 * properties (recursive), items, enum. Enough to catch a model's mistakes with a clear message;
 * not a full validator.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  [key: string]: unknown;
};

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function fits(v: unknown, type: string): boolean {
  const t = typeOf(v);
  return t === type || (type === 'number' && t === 'integer');
}

/** Problems with `value` against `schema`, each naming the argument path; empty when it fits. */
export function checkArgs(value: unknown, schema: JsonSchema, path = 'arguments'): string[] {
  const problems: string[] = [];
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => fits(value, t))) {
      problems.push(`${path} must be ${types.join(' or ')}, got ${typeOf(value)}`);
      return problems;
    }
  }
  if (schema.enum && !schema.enum.some((e) => e === value)) {
    problems.push(`${path} must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  }
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (obj[key] === undefined) problems.push(`${path}.${key} is required`);
    for (const [key, sub] of Object.entries(schema.properties ?? {})) {
      if (obj[key] !== undefined && sub && typeof sub === 'object') problems.push(...checkArgs(obj[key], sub, `${path}.${key}`));
    }
  }
  if (Array.isArray(value) && schema.items && typeof schema.items === 'object') {
    value.forEach((item, i) => problems.push(...checkArgs(item, schema.items as JsonSchema, `${path}[${i}]`)));
  }
  return problems;
}
