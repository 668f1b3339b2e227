/**
 * The tool port's side for tools that offer several functions (lib/engine/function-tools.ts):
 * `openapi` (operations of a spec) and `mcp` (tools of an operator's MCP server). Wraps the port of
 * the single-function tools (index.ts), whose output cap and error shape it shares.
 */
import { AppError } from '../errors';
import type { ToolPort } from '../engine/ports';
import type { ToolSpec } from '../graph/schema';
import { capOutput } from './index';
import { mcpDefinitions, runMcpTool, type McpClients } from './mcp-tool';
import { openApiDefinitions, runOpenApiOperation } from './openapi-tool';

export interface FunctionToolOptions {
  allowedHosts?: string[];
  maxOutputBytes?: number;
  maxResponseBytes?: number;
  /** The operator's MCP servers (absent: mcp tools fail with a clear message). */
  mcp?: McpClients;
}

const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024;

function asToolError(name: string, err: unknown): AppError {
  if (err instanceof AppError) {
    if (err.code === 'tool_error') return err;
    const details = err.details && typeof err.details === 'object' ? err.details : {};
    return new AppError('tool_error', err.message, { ...details, code: err.code, tool: name });
  }
  return new AppError('tool_error', `Tool "${name}" failed: ${err instanceof Error ? err.message : String(err)}`, { tool: name });
}

function mcpClients(opts: FunctionToolOptions, name: string): McpClients {
  if (!opts.mcp) throw new AppError('tool_error', `Tool "${name}": MCP servers are not available in this runtime`);
  return opts.mcp;
}

export function withFunctionTools(base: ToolPort, opts: FunctionToolOptions = {}): ToolPort {
  const maxOutput = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  return {
    definition: (name, spec) => base.definition(name, spec),
    async functions(name: string, spec: ToolSpec, signal: AbortSignal) {
      try {
        if (spec.type === 'openapi') return openApiDefinitions(name, spec);
        if (spec.type === 'mcp') return mcpDefinitions(name, spec, await mcpClients(opts, name).listTools(spec.server, signal));
      } catch (err) {
        throw asToolError(name, err);
      }
      return base.functions ? base.functions(name, spec, signal) : [base.definition(name, spec)];
    },
    async run(name, spec, args, ctx) {
      if (spec.type !== 'openapi' && spec.type !== 'mcp') return base.run(name, spec, args, ctx);
      const fn = ctx.fn ?? name;
      try {
        const out =
          spec.type === 'openapi'
            ? await runOpenApiOperation(name, spec, fn, args, { signal: ctx.signal, allowedHosts: opts.allowedHosts, maxBytes: opts.maxResponseBytes, idempotencyKey: ctx.activity })
            : await runMcpTool(name, spec, fn, args, mcpClients(opts, name), ctx.signal);
        return capOutput(out, maxOutput);
      } catch (err) {
        if (ctx.signal.aborted) throw new AppError('cancelled', `Tool "${fn}" was cancelled.`);
        throw asToolError(fn, err);
      }
    },
  };
}
