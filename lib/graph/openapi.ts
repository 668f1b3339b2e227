/**
 * OpenAPI 3.0 / 3.1 descriptions, read for the `openapi` tool (pure: validation uses it, the tool
 * runs it). Only what a function call needs is read: the allow-listed operations, their path, query
 * and header parameters and their JSON request body. `$ref`s resolve within the document only
 * (`#/...`), with a bound on depth and on the size of what they expand to; a recursive schema is cut
 * to `{}` (anything) where the bound is reached. Problems carry a path into the tool (`spec.paths./pets.get`).
 */
import type { PathPart } from './validate-problem';

export interface SpecProblem {
  /** Relative to the tool: `['spec', 'paths', '/pets', 'get']` or `['operations', 2]`. */
  path: PathPart[];
  message: string;
}

export type ParamLocation = 'path' | 'query' | 'header';

export interface OperationParam {
  name: string;
  in: ParamLocation;
  required: boolean;
  schema: Record<string, unknown>;
  description?: string;
}

export interface OpenApiOperation {
  operationId: string;
  method: string;
  /** The path template, e.g. `/pets/{petId}`. */
  path: string;
  description?: string;
  params: OperationParam[];
  /** The JSON request body: passed as the `body` argument. */
  body?: { required: boolean; schema: Record<string, unknown>; contentType: string };
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const MAX_REF_DEPTH = 32;
/** Nested `$ref`s inlined into one schema; a recursive schema is cut to `{}` below this. */
const MAX_INLINE_DEPTH = 8;
const MAX_EXPANDED_NODES = 5000;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The value at a local JSON pointer (`#/components/schemas/Pet`), or undefined. */
function pointer(spec: Obj, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let cur: unknown = spec;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(cur) && !Array.isArray(cur)) return undefined;
    if (!Object.hasOwn(cur as object, key)) return undefined;
    cur = (cur as Obj)[key];
  }
  return cur;
}

class RefResolver {
  private nodes = 0;
  constructor(
    private readonly spec: Obj,
    private readonly problems: SpecProblem[],
  ) {}

  /** Follows `$ref` chains at `value` (problems at `at`); undefined when broken. */
  follow(value: unknown, at: PathPart[]): unknown {
    let cur = value;
    for (let hops = 0; isObj(cur) && typeof cur.$ref === 'string'; hops++) {
      const ref = cur.$ref;
      if (hops >= MAX_REF_DEPTH) return this.fail([...at, '$ref'], `$ref chain "${ref}" is longer than ${MAX_REF_DEPTH}`);
      if (!ref.startsWith('#/')) return this.fail([...at, '$ref'], `$ref "${ref}" points outside the document; only local references (#/...) are supported`);
      const target = pointer(this.spec, ref);
      if (target === undefined) return this.fail([...at, '$ref'], `$ref "${ref}" does not resolve`);
      cur = target;
    }
    return cur;
  }

  /** A copy of `value` with every `$ref` inlined (recursion cut to `{}` past MAX_INLINE_DEPTH nested refs). */
  inline(value: unknown, at: PathPart[], depth = 0): unknown {
    if (++this.nodes > MAX_EXPANDED_NODES) {
      if (this.nodes === MAX_EXPANDED_NODES + 1) this.fail(at, `the schemas expand to more than ${MAX_EXPANDED_NODES} nodes`);
      return {};
    }
    if (Array.isArray(value)) return value.map((v, i) => this.inline(v, [...at, i], depth));
    if (!isObj(value)) return value;
    if (typeof value.$ref === 'string') {
      if (depth >= MAX_INLINE_DEPTH) return {};
      const target = this.follow({ $ref: value.$ref }, at);
      return target === undefined ? {} : this.inline(target, at, depth + 1);
    }
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) out[k] = this.inline(v, [...at, k], depth);
    // OpenAPI 3.0's `nullable: true` is JSON Schema's (and 3.1's) type list with "null".
    if (out.nullable === true && typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      delete out.nullable;
    }
    return out;
  }

  private fail(path: PathPart[], message: string): undefined {
    this.problems.push({ path, message });
    return undefined;
  }
}

function jsonContent(content: unknown): [string, unknown] | undefined {
  if (!isObj(content)) return undefined;
  return Object.entries(content).find(([type]) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(type) || type === '*/*');
}

/** Every operation of the spec by operationId, with where it is. */
function operationIndex(spec: Obj, problems: SpecProblem[]): Map<string, { path: string; method: string; op: Obj; item: Obj }> {
  const index = new Map<string, { path: string; method: string; op: Obj; item: Obj }>();
  const paths = spec.paths;
  if (paths === undefined) return index;
  if (!isObj(paths)) {
    problems.push({ path: ['spec', 'paths'], message: 'paths must be a mapping of path templates to path items' });
    return index;
  }
  for (const [path, item] of Object.entries(paths)) {
    if (!isObj(item)) {
      problems.push({ path: ['spec', 'paths', path], message: 'a path item must be a mapping' });
      continue;
    }
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (op === undefined) continue;
      if (!isObj(op)) {
        problems.push({ path: ['spec', 'paths', path, method], message: 'an operation must be a mapping' });
        continue;
      }
      if (op.operationId === undefined) continue;
      if (typeof op.operationId !== 'string') {
        problems.push({ path: ['spec', 'paths', path, method, 'operationId'], message: 'operationId must be a string' });
        continue;
      }
      if (index.has(op.operationId)) {
        problems.push({ path: ['spec', 'paths', path, method, 'operationId'], message: `operationId "${op.operationId}" is used twice` });
        continue;
      }
      index.set(op.operationId, { path, method, op, item });
    }
  }
  return index;
}

function readParams(refs: RefResolver, raw: unknown, at: PathPart[], problems: SpecProblem[]): Map<string, OperationParam> {
  const out = new Map<string, OperationParam>();
  if (raw === undefined) return out;
  if (!Array.isArray(raw)) {
    problems.push({ path: at, message: 'parameters must be a list' });
    return out;
  }
  raw.forEach((entry, i) => {
    const p = refs.follow(entry, [...at, i]);
    if (p === undefined) return;
    if (!isObj(p) || typeof p.name !== 'string' || typeof p.in !== 'string') {
      problems.push({ path: [...at, i], message: 'a parameter needs a string name and in' });
      return;
    }
    if (p.in === 'cookie') {
      if (p.required === true) problems.push({ path: [...at, i, 'in'], message: `required cookie parameter "${p.name}" is not supported` });
      return;
    }
    if (p.in !== 'path' && p.in !== 'query' && p.in !== 'header') {
      problems.push({ path: [...at, i, 'in'], message: `in must be path, query, header or cookie (got "${String(p.in)}")` });
      return;
    }
    if (p.in === 'path' && p.required !== true) problems.push({ path: [...at, i, 'required'], message: `path parameter "${p.name}" must have required: true` });
    const media = p.schema === undefined ? jsonContent(p.content)?.[1] : undefined;
    const source = p.schema ?? (isObj(media) ? media.schema : undefined);
    const schema = source === undefined ? { type: 'string' } : refs.inline(source, [...at, i, 'schema']);
    if (schema !== undefined && !isObj(schema)) {
      problems.push({ path: [...at, i, 'schema'], message: 'a parameter schema must be a mapping' });
      return;
    }
    out.set(`${p.in}:${p.name}`, {
      name: p.name,
      in: p.in,
      required: p.in === 'path' || p.required === true,
      schema: (schema as Obj | undefined) ?? {},
      ...(typeof p.description === 'string' ? { description: p.description } : {}),
    });
  });
  return out;
}

export interface ReadSpecResult {
  operations: OpenApiOperation[];
  /** The first `servers` URL (variables filled with their defaults), if any. */
  server?: string;
  problems: SpecProblem[];
}

/** Reads the allow-listed operations of `spec`; every problem found comes with its path. */
export function readOpenApi(spec: unknown, allow: readonly string[]): ReadSpecResult {
  const problems: SpecProblem[] = [];
  if (!isObj(spec)) return { operations: [], problems: [{ path: ['spec'], message: 'the spec must be a mapping (an OpenAPI document)' }] };
  if (typeof spec.openapi !== 'string' || !/^3\.[01]\.\d+/.test(spec.openapi)) {
    const found = typeof spec.swagger === 'string' ? `Swagger ${spec.swagger}` : JSON.stringify(spec.openapi ?? null);
    return { operations: [], problems: [{ path: ['spec', 'openapi'], message: `only OpenAPI 3.0 and 3.1 are supported (openapi: "3.0.x" or "3.1.x"; found ${found})` }] };
  }
  const refs = new RefResolver(spec, problems);
  const index = operationIndex(spec, problems);
  const operations: OpenApiOperation[] = [];
  allow.forEach((id, i) => {
    const found = index.get(id);
    if (!found) {
      problems.push({ path: ['operations', i], message: `operation "${id}" is not in the spec (operationIds: ${[...index.keys()].slice(0, 20).join(', ') || 'none'})` });
      return;
    }
    const at: PathPart[] = ['spec', 'paths', found.path, found.method];
    const params = readParams(refs, found.item.parameters, ['spec', 'paths', found.path, 'parameters'], problems);
    for (const [k, v] of readParams(refs, found.op.parameters, [...at, 'parameters'], problems)) params.set(k, v);
    for (const name of found.path.matchAll(/\{([^}]+)\}/g)) {
      if (!params.has(`path:${name[1]}`)) problems.push({ path: at, message: `path parameter "${name[1]}" of ${found.path} is not declared` });
    }
    const names = new Map<string, string>();
    for (const p of params.values()) {
      const other = names.get(p.name);
      if (other || p.name === 'body') problems.push({ path: [...at, 'parameters'], message: `parameter name "${p.name}" is used ${other ? `by both a ${other} and a ${p.in} parameter` : 'by a parameter, but "body" names the request body'}; the function's arguments need distinct names` });
      names.set(p.name, p.in);
    }
    let body: OpenApiOperation['body'];
    if (found.op.requestBody !== undefined) {
      const rb = refs.follow(found.op.requestBody, [...at, 'requestBody']);
      const json = isObj(rb) ? jsonContent(rb.content) : undefined;
      if (json) {
        const media = isObj(json[1]) ? json[1] : {};
        const schema = refs.inline(media.schema ?? {}, [...at, 'requestBody', 'content', json[0], 'schema']);
        body = { required: isObj(rb) && rb.required === true, schema: isObj(schema) ? schema : {}, contentType: json[0] === '*/*' ? 'application/json' : json[0] };
      } else if (isObj(rb) && rb.required === true) {
        problems.push({ path: [...at, 'requestBody', 'content'], message: 'the request body has no JSON media type (application/json); other bodies are not supported' });
      } else if (rb !== undefined && !isObj(rb)) {
        problems.push({ path: [...at, 'requestBody'], message: 'requestBody must be a mapping' });
      }
    }
    const text = [found.op.summary, found.op.description].filter((s): s is string => typeof s === 'string' && s.trim() !== '');
    operations.push({ operationId: id, method: found.method.toUpperCase(), path: found.path, params: [...params.values()], ...(body ? { body } : {}), ...(text.length ? { description: text.join('\n\n') } : {}) });
  });
  return { operations, problems, ...serverOf(spec, problems) };
}

function serverOf(spec: Obj, problems: SpecProblem[]): { server?: string } {
  if (spec.servers === undefined) return {};
  const first = Array.isArray(spec.servers) ? spec.servers[0] : undefined;
  if (first === undefined) return {};
  if (!isObj(first) || typeof first.url !== 'string') {
    problems.push({ path: ['spec', 'servers', 0], message: 'a server needs a url' });
    return {};
  }
  const vars = isObj(first.variables) ? first.variables : {};
  const url = first.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const v = vars[name];
    return isObj(v) && typeof v.default === 'string' ? v.default : whole;
  });
  return { server: url };
}

/** The JSON Schema of an operation's arguments (function calling): its parameters by name, `body` for the JSON body. */
export function operationArgsSchema(op: OpenApiOperation): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const p of op.params) {
    properties[p.name] = { ...p.schema, ...(p.description && p.schema.description === undefined ? { description: p.description } : {}) };
    if (p.required) required.push(p.name);
  }
  if (op.body) {
    properties.body = { ...op.body.schema, ...(op.body.schema.description === undefined ? { description: `The JSON request body (${op.body.contentType}).` } : {}) };
    if (op.body.required) required.push('body');
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}
