/**
 * A node's tools with the ones that offer several functions expanded (MULTI_FUNCTION_TOOLS: an
 * `openapi` tool's allow-listed operations, an `mcp` server's allow-listed tools): one binding per
 * function, named as the model calls it (operationId, MCP tool name). The functions come from the
 * tool port (an MCP server is asked for its tools, hence async); everything else is bindTools.
 */
import { MULTI_FUNCTION_TOOLS, type ToolSpec } from '../graph/schema';
import { EngineError } from './errors';
import { withReflection } from './reflection';
import type { ExecContext } from './scope';
import type { ToolBinding } from './tool-binding';
import { bindTools } from './tool-runner';

type MultiFunctionSpec = Extract<ToolSpec, { type: (typeof MULTI_FUNCTION_TOOLS)[number] }>;

export function isMultiFunction(spec: ToolSpec): spec is MultiFunctionSpec {
  return (MULTI_FUNCTION_TOOLS as readonly string[]).includes(spec.type);
}

async function functionBindings(ctx: ExecContext, id: string, spec: MultiFunctionSpec): Promise<ToolBinding[]> {
  const port = ctx.scope.ports.tools;
  if (!port.functions) throw new EngineError('unknown_tool', `Tool "${id}" (${spec.type}) cannot be offered: this runtime has no ${spec.type} tools`);
  const definitions = await port.functions(id, spec, ctx.scope.signal);
  return definitions.map((definition) => {
    const fn = definition.function.name;
    const text = definition.function.description ?? spec.description ?? '';
    const run = (args: unknown, activity: string) => port.run(id, spec, args, { signal: ctx.scope.signal, activity, fn });
    const binding: ToolBinding = {
      name: fn,
      type: spec.type,
      // A ReAct prompt shows only names and descriptions: the arguments are named here (JSON Action Input).
      description: [text, argumentsHint(definition.function.parameters)].filter(Boolean).join(' '),
      definition,
      invoke: (args, _span, activity) => run(args, activity),
    };
    // `reflect: N` applies to each function (reflection.ts), judged against its own description.
    return withReflection(ctx, binding, spec, run);
  });
}

/** `Arguments (JSON object): petId (integer, required), limit (integer)` for a function's parameters schema, or ''. */
export function argumentsHint(parameters: Record<string, unknown>): string {
  const props = parameters.properties && typeof parameters.properties === 'object' ? (parameters.properties as Record<string, { type?: unknown }>) : {};
  const required = new Set(Array.isArray(parameters.required) ? (parameters.required as string[]) : []);
  const parts = Object.entries(props).map(([name, p]) => {
    const type = Array.isArray(p?.type) ? p.type.join(' | ') : typeof p?.type === 'string' ? p.type : 'any';
    return `${name} (${type}${required.has(name) ? ', required' : ''})`;
  });
  return parts.length ? `Arguments (JSON object): ${parts.join(', ')}.` : '';
}

/** bindTools, with multi-function tools expanded; two bindings with one name are an error naming the node. */
export async function bindToolFunctions(ctx: ExecContext, ids: readonly string[]): Promise<ToolBinding[]> {
  const tools = ctx.scope.doc.tools ?? {};
  const out: ToolBinding[] = [];
  for (const id of ids) {
    const spec = Object.hasOwn(tools, id) ? tools[id] : undefined;
    if (spec && isMultiFunction(spec)) out.push(...(await functionBindings(ctx, id, spec)));
    else out.push(...bindTools(ctx, [id]));
  }
  const seen = new Set<string>();
  for (const b of out) {
    if (seen.has(b.name)) throw new EngineError('duplicate_function', `Node "${ctx.nodeId}" is offered two functions named "${b.name}"; rename a tool or drop one from the allow-list`);
    seen.add(b.name);
  }
  return out;
}
