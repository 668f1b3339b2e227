/**
 * Reads the role schemas (lib/graph/schema/ NODE_SCHEMAS, zod v4) into rows the docs render:
 * field name, a readable type, whether it is optional, and what it does (the schema's
 * `.description` when it has one, else components/docs/field-help.ts). Pure: no React.
 */
import type { z } from 'zod';
import { CelExpression, GraphName, Identifier, NODE_SCHEMAS, type NodeRole } from '@/lib/graph/schema';
import { fieldHelp } from './field-help';

export interface FieldDoc {
  name: string;
  type: string;
  optional: boolean;
  help: string;
}

type Any = z.ZodType & { def: Record<string, unknown> & { type: string }; description?: string };

function range(min: unknown, max: unknown): string {
  const lo = typeof min === 'number' && Number.isFinite(min) ? min : undefined;
  const hi = typeof max === 'number' && Number.isFinite(max) ? max : undefined;
  if (lo !== undefined && hi !== undefined) return ` ${lo}–${hi}`;
  if (lo !== undefined) return ` ≥ ${lo}`;
  if (hi !== undefined) return ` ≤ ${hi}`;
  return '';
}

/** A short, readable type of a zod schema ("integer 1–100", "\"cel\" | \"llm\"", "list of identifier"). */
export function describeType(schema: z.ZodType, depth = 0): string {
  const s = schema as Any;
  if (schema === CelExpression) return 'CEL expression';
  if (schema === Identifier) return 'identifier';
  if (schema === GraphName) return 'graph name';
  if (depth > 4) return '…';
  const def = s.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return describeType(def.innerType as z.ZodType, depth);
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number': {
      const n = s as unknown as { isInt?: boolean; minValue?: number | null; maxValue?: number | null };
      return `${n.isInt ? 'integer' : 'number'}${range(n.minValue, n.maxValue)}`;
    }
    case 'literal':
      return [...(def.values as unknown[])].map((v) => JSON.stringify(v)).join(' | ');
    case 'enum':
      return (s as unknown as { options: unknown[] }).options.map((v) => JSON.stringify(v)).join(' | ');
    case 'array':
      return `list of ${describeType(def.element as z.ZodType, depth + 1)}`;
    case 'record':
      return `map of ${describeType(def.keyType as z.ZodType, depth + 1)} → ${describeType(def.valueType as z.ZodType, depth + 1)}`;
    case 'union':
      return (def.options as z.ZodType[]).map((o) => describeType(o, depth + 1)).join(' | ');
    case 'object': {
      const shape = (s as unknown as { shape: Record<string, z.ZodType> }).shape;
      return `{ ${Object.entries(shape)
        .map(([k, v]) => `${k}: ${describeType(v, depth + 1)}`)
        .join(', ')} }`;
    }
    case 'unknown':
    case 'any':
      return 'any';
    default:
      return def.type;
  }
}

function isOptional(schema: z.ZodType): boolean {
  const t = (schema as Any).def.type;
  return t === 'optional' || t === 'default';
}

function descriptionOf(schema: z.ZodType): string | undefined {
  const s = schema as Any;
  if (s.description) return s.description;
  if (s.def.type === 'optional') return (s.def.innerType as Any).description;
  return undefined;
}

/** Every field of a role's schema, in schema order. */
export function roleFields(role: NodeRole): FieldDoc[] {
  const shape = NODE_SCHEMAS[role].shape as Record<string, z.ZodType>;
  return Object.entries(shape).map(([name, schema]) => ({
    name,
    type: describeType(schema),
    optional: isOptional(schema),
    help: descriptionOf(schema) ?? fieldHelp(role, name) ?? '',
  }));
}
