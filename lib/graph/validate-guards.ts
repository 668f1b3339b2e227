/**
 * Validation of `guards:` (on nodes and the graph) and `output_schema:`: regex patterns that RE2
 * runs, judge and moderation models that exist, JSON Schemas whose shape the engine can use (a
 * structural check, light enough for the editor: the engine compiles them with Ajv when it runs).
 * Every problem names its path, so the YAML importer puts it at its line. Pure.
 */
import type { Problem } from './problems';
import { checkSafeRegex } from './safe-regex';
import type { GraphDocument, GuardsSpec } from './schema';
import { problem, type PathPart } from './validate-problem';

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const MAX_DEPTH = 32;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What is wrong with a JSON Schema's shape, each at its path. */
function checkSchema(out: Problem[], at: PathPart[], schema: unknown, depth = 0): void {
  if (typeof schema === 'boolean') return;
  if (!isObj(schema)) {
    out.push(problem('error', 'bad_schema', at, 'a JSON Schema must be an object'));
    return;
  }
  if (depth > MAX_DEPTH) {
    out.push(problem('error', 'bad_schema', at, `the schema nests deeper than ${MAX_DEPTH} levels`));
    return;
  }
  const type = schema.type;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    const bad = types.filter((t) => typeof t !== 'string' || !JSON_TYPES.has(t));
    if (bad.length) out.push(problem('error', 'bad_schema', [...at, 'type'], `unknown type ${bad.map((b) => JSON.stringify(b)).join(', ')} (types: ${[...JSON_TYPES].join(', ')})`));
  }
  if (schema.properties !== undefined) {
    if (!isObj(schema.properties)) out.push(problem('error', 'bad_schema', [...at, 'properties'], 'properties must be a map of name → schema'));
    else for (const [k, v] of Object.entries(schema.properties)) checkSchema(out, [...at, 'properties', k], v, depth + 1);
  }
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required) || schema.required.some((r) => typeof r !== 'string')) {
      out.push(problem('error', 'bad_schema', [...at, 'required'], 'required must be a list of property names'));
    } else if (isObj(schema.properties)) {
      const missing = schema.required.filter((r) => !Object.hasOwn(schema.properties as object, r as string));
      if (missing.length) out.push(problem('warning', 'bad_schema', [...at, 'required'], `requires ${missing.join(', ')}, which ${missing.length > 1 ? 'are' : 'is'} not among its properties`));
    }
  }
  if (schema.items !== undefined) {
    if (Array.isArray(schema.items)) schema.items.forEach((s, i) => checkSchema(out, [...at, 'items', i], s, depth + 1));
    else checkSchema(out, [...at, 'items'], schema.items, depth + 1);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || !list.length) out.push(problem('error', 'bad_schema', [...at, key], `${key} must be a non-empty list of schemas`));
    else list.forEach((s, i) => checkSchema(out, [...at, key, i], s, depth + 1));
  }
  if (schema.additionalProperties !== undefined && typeof schema.additionalProperties !== 'boolean') {
    checkSchema(out, [...at, 'additionalProperties'], schema.additionalProperties, depth + 1);
  }
  if (schema.enum !== undefined && (!Array.isArray(schema.enum) || !schema.enum.length)) out.push(problem('error', 'bad_schema', [...at, 'enum'], 'enum must be a non-empty list'));
  if (schema.pattern !== undefined) {
    const bad = typeof schema.pattern === 'string' ? checkSafeRegex(schema.pattern) : 'pattern must be a string';
    if (bad) out.push(problem('error', 'bad_pattern', [...at, 'pattern'], bad));
  }
  if (typeof schema.$ref === 'string' && !schema.$ref.startsWith('#')) {
    out.push(problem('error', 'bad_schema', [...at, '$ref'], 'only local references (#/...) are resolved; a schema is never fetched'));
  }
}

function checkGuards(doc: GraphDocument, out: Problem[], at: PathPart[], guards: GuardsSpec | undefined): void {
  const models = doc.models ?? {};
  for (const stage of ['input', 'output'] as const) {
    (guards?.[stage] ?? []).forEach((check, i) => {
      const here = [...at, 'guards', stage, i];
      if ((check.check === 'injection' || check.check === 'moderation') && check.model !== undefined && !Object.hasOwn(models, check.model)) {
        out.push(problem('error', 'unknown_model', [...here, 'model'], `unknown model "${check.model}" (not in models)`));
      }
      if (check.check === 'regex') {
        const bad = checkSafeRegex(check.pattern);
        if (bad) out.push(problem('error', 'bad_pattern', [...here, 'pattern'], bad));
      }
      if (check.check === 'json_schema') checkSchema(out, [...here, 'schema'], check.schema);
      if (check.check === 'json_schema' && stage === 'input') {
        out.push(problem('warning', 'guard_stage', [...here, 'check'], 'json_schema checks an answer; on input it checks the task text'));
      }
    });
  }
}

/** Problems of every `guards` and `output_schema` of the document. */
export function checkGuardsAndSchemas(doc: GraphDocument): Problem[] {
  const out: Problem[] = [];
  checkGuards(doc, out, [], doc.guards);
  for (const [id, node] of Object.entries(doc.nodes ?? {})) {
    const at = ['nodes', id];
    if ('guards' in node) checkGuards(doc, out, at, node.guards);
    if (!('output_schema' in node) || node.output_schema === undefined) continue;
    const schema = node.output_schema;
    const where = [...at, 'output_schema'];
    if (schema.type !== 'object') out.push(problem('error', 'bad_schema', [...where, 'type'], 'an output_schema must have `type: object` at its top (models answer a JSON object)'));
    checkSchema(out, where, schema);
    if (node.role === 'router') {
      const label = isObj(schema.properties) ? schema.properties.label : undefined;
      if (!label) out.push(problem('error', 'bad_schema', [...where, 'properties'], 'a router\'s output_schema must have a `label` property (the branch it picks)'));
      if (node.mode !== 'llm') out.push(problem('warning', 'bad_schema', where, 'output_schema applies to routers with mode llm only'));
    }
  }
  return out;
}
