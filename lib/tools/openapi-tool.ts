/**
 * The `openapi` tool (seed 002 OpenAPITool): each allow-listed operation of an OpenAPI 3.0 / 3.1
 * description is a function (name = operationId) whose arguments are its path, query and header
 * parameters by name and `body` for its JSON request body (lib/graph/openapi.ts reads the spec).
 * Calls go through the SSRF-guarded client; static headers take credentials only as `${env:TOOL_*}`
 * (resolved like the http tool's). An operation outside `operations` is refused.
 */
import type { ToolDefinition } from '../engine/ports';
import { operationArgsSchema, readOpenApi, type OpenApiOperation } from '../graph/openapi';
import type { ToolSpec } from '../graph/schema';
import { checkArgs, type JsonSchema } from './args-schema';
import { guardedFetch, safeUrl } from './http-client';
import { resolveHeaders } from './http-tool';
import { addIdempotencyKey, argsObject, successText, toolError, withCutNote } from './tool-call';

export type OpenApiToolSpec = Extract<ToolSpec, { type: 'openapi' }>;

interface ReadTool {
  operations: Map<string, OpenApiOperation>;
  base: string;
}

/** The tool's operations and base URL; a spec that does not read cleanly is refused with its first problem. */
function readTool(name: string, spec: OpenApiToolSpec): ReadTool {
  if (spec.spec === undefined) throw toolError(`OpenAPI tool "${name}" has no spec: save the graph so its spec_url is fetched`);
  const read = readOpenApi(spec.spec, spec.operations);
  if (read.problems.length) {
    const p = read.problems[0];
    throw toolError(`OpenAPI tool "${name}": ${p.path.join('.')}: ${p.message}`);
  }
  const server = spec.base_url ?? read.server;
  if (!server) throw toolError(`OpenAPI tool "${name}": the spec has no servers; set base_url`);
  let base: string;
  try {
    base = new URL(server, spec.spec_url).toString();
  } catch {
    throw toolError(`OpenAPI tool "${name}": "${server}" is not an absolute URL; set base_url`);
  }
  return { operations: new Map(read.operations.map((op) => [op.operationId, op])), base };
}

export function openApiDefinitions(name: string, spec: OpenApiToolSpec): ToolDefinition[] {
  return [...readTool(name, spec).operations.values()].map((op) => ({
    type: 'function',
    function: {
      name: op.operationId,
      description: op.description ?? spec.description ?? `${op.method} ${op.path}`,
      parameters: operationArgsSchema(op),
    },
  }));
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The request an operation call makes: URL (base + path + query), headers and JSON body. */
export function operationRequest(base: string, op: OpenApiOperation, args: Record<string, unknown>): { url: string; headers: Record<string, string>; body?: string } {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, key: string) => {
    const v = args[key];
    if (v === undefined || v === null) throw toolError(`Missing path parameter "${key}"`);
    return encodeURIComponent(text(v));
  });
  // base + path: the operation path is appended to the server's path (never replaces its host).
  const url = new URL(base.replace(/\/+$/, '') + path);
  const headers: Record<string, string> = {};
  for (const p of op.params) {
    const v = args[p.name];
    if (v === undefined || v === null) continue;
    if (p.in === 'query') {
      if (Array.isArray(v)) for (const item of v) url.searchParams.append(p.name, text(item));
      else url.searchParams.append(p.name, text(v));
    } else if (p.in === 'header') headers[p.name] = text(v);
  }
  if (!op.body || args.body === undefined) return { url: url.toString(), headers };
  return { url: url.toString(), headers: { ...headers, 'content-type': op.body.contentType }, body: JSON.stringify(args.body) };
}

export interface OpenApiRunContext {
  signal: AbortSignal;
  allowedHosts?: string[];
  maxBytes?: number;
  idempotencyKey?: string;
}

export async function runOpenApiOperation(name: string, spec: OpenApiToolSpec, fn: string, rawArgs: unknown, ctx: OpenApiRunContext): Promise<string> {
  if (!spec.operations.includes(fn)) throw toolError(`OpenAPI tool "${name}" does not allow operation "${fn}" (allowed: ${spec.operations.join(', ')})`);
  const { operations, base } = readTool(name, spec);
  const op = operations.get(fn)!;
  const args = argsObject(rawArgs);
  const problems = checkArgs(args, operationArgsSchema(op) as JsonSchema);
  if (problems.length) throw toolError(`Invalid arguments for ${fn}: ${problems.join('; ')}`, { problems });
  const req = operationRequest(base, op, args);
  // Static (operator) headers win over argument headers: a model cannot override a credential.
  const headers = { ...req.headers, ...resolveHeaders(spec.headers) };
  addIdempotencyKey(headers, ctx.idempotencyKey);
  const res = await guardedFetch({
    url: req.url,
    method: op.method,
    headers,
    body: req.body,
    signal: ctx.signal,
    allowedHosts: ctx.allowedHosts,
    maxBytes: ctx.maxBytes,
    timeoutMs: spec.timeout_s ? spec.timeout_s * 1000 : undefined,
  });
  return withCutNote(res, successText(res, `${fn}: ${op.method}`));
}
