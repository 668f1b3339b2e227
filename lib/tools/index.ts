/**
 * The ToolPort: definitions for the model and guarded execution of the I/O tools. What goes back
 * to the model is capped (default 64 KiB); longer output is cut with a note and flagged.
 * Any failure comes out as AppError('tool_error') (the original code, e.g. ssrf_blocked, in
 * details.code); the engine turns it into a tool message.
 */
import { AppError } from '../errors';
import type { ToolDefinition, ToolPort, ToolResult } from '../engine/ports';
import type { ToolSpec } from '../graph/schema';
import { toolImpl, type IoToolType, type ToolRunContext, type ToolRunOutput } from './registry';

export interface ToolPortOptions {
  /** Hosts/IPs tools may reach even if private (default: env SWITCHYARD_ALLOWED_HOSTS). */
  allowedHosts?: string[];
  /** Cap on what goes back to the model, in bytes (default 64 KiB). */
  maxOutputBytes?: number;
  /** Cap on an HTTP response read by a tool, in bytes (default 1 MiB). */
  maxResponseBytes?: number;
  /** The web_retriever's page cache (lib/runtime wires db/page-cache.ts). */
  pageCache?: ToolRunContext['pageCache'];
  /** Connections by name, for rerank / embeddings scorers (lib/runtime/connections.ts). */
  resolveConnection?: ToolRunContext['resolveConnection'];
  /** Knowledge bases of the run's workspace (lib/runtime/knowledge/tool-port.ts). */
  knowledge?: ToolRunContext['knowledge'];
}

const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024;

/** Cuts `text` to at most `maxBytes` of UTF-8 (never mid-character) and says so. */
export function capOutput(text: string, maxBytes: number): ToolResult {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= maxBytes) return { output: text };
  let cut = Buffer.from(text, 'utf8').subarray(0, maxBytes).toString('utf8');
  if (cut.endsWith('\uFFFD')) cut = cut.slice(0, -1); // a split multi-byte character
  return {
    output: `${cut}\n\n[output truncated: ${bytes} bytes in total, the first ${Buffer.byteLength(cut, 'utf8')} shown]`,
    truncated: true,
    original_bytes: bytes,
  };
}

function assertIoTool(name: string, spec: ToolSpec): asserts spec is Extract<ToolSpec, { type: IoToolType }> {
  if (spec.type === 'agent') throw new AppError('tool_error', `Tool "${name}" is an agent tool; the engine runs those itself`);
}

export function createToolPort(opts: ToolPortOptions = {}): ToolPort {
  const maxOutput = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  return {
    definition(name: string, spec: ToolSpec): ToolDefinition {
      assertIoTool(name, spec);
      const impl = toolImpl(spec.type) as { definition(n: string, s: ToolSpec): ToolDefinition };
      return impl.definition(name, spec);
    },
    async run(name: string, spec: ToolSpec, args: unknown, ctx: { signal: AbortSignal; activity?: string; progress?: (update: Record<string, unknown>) => void }): Promise<ToolResult> {
      assertIoTool(name, spec);
      const impl = toolImpl(spec.type) as { run(s: ToolSpec, a: unknown, c: ToolRunContext): Promise<ToolRunOutput> };
      try {
        const out = await impl.run(spec, args, {
          signal: ctx.signal,
          allowedHosts: opts.allowedHosts,
          maxResponseBytes: opts.maxResponseBytes,
          idempotencyKey: ctx.activity,
          pageCache: opts.pageCache,
          resolveConnection: opts.resolveConnection,
          progress: ctx.progress,
          knowledge: opts.knowledge,
        });
        if (typeof out === 'string') return capOutput(out, maxOutput);
        return { ...capOutput(out.output, maxOutput), ...(out.data ? { data: out.data } : {}) };
      } catch (err) {
        if (ctx.signal.aborted) throw new AppError('cancelled', `Tool "${name}" was cancelled.`);
        throw asToolError(name, err);
      }
    },
  };
}

function asToolError(name: string, err: unknown): AppError {
  if (err instanceof AppError) {
    if (err.code === 'tool_error') return err;
    const details = err.details && typeof err.details === 'object' ? err.details : {};
    return new AppError('tool_error', err.message, { ...details, code: err.code, tool: name });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new AppError('tool_error', `Tool "${name}" failed: ${message}`, { tool: name });
}

export type { IoToolType, ToolImpl } from './registry';
export { closeSandboxPools } from './code/pool';
export type { GuardedRequest, GuardedResponse } from './http-client';
