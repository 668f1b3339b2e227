/**
 * The `code` tool (issue 26): the graph's JavaScript or Python run in a sandbox (pool.ts). The
 * arguments go in as JSON (`args`); the result (JSON) and the captured stdout come out. A failure of
 * the code or of a limit (time, memory, stack, stdout) is a tool_error whose message says which.
 */
import { AppError } from '../../errors';
import type { ToolDefinition } from '../../engine/ports';
import type { ToolSpec } from '../../graph/schema';
import { sandboxPool, SandboxFailure } from './pool';

type CodeSpec = Extract<ToolSpec, { type: 'code' }>;

export const CODE_DEFAULTS = {
  timeoutS: 5,
  memoryMb: { javascript: 64, python: 256 },
  /** Characters of stdout kept per call; printing more fails the call. */
  maxStdout: 64 * 1024,
} as const;

export function codeDefinition(name: string, spec: CodeSpec): ToolDefinition {
  return {
    type: 'function',
    function: {
      name,
      description: spec.description ?? `Runs ${spec.language === 'python' ? 'Python' : 'JavaScript'} code with the arguments given.`,
      parameters: spec.parameters ?? { type: 'object', properties: {}, additionalProperties: true },
    },
  };
}

/** A react agent passes its Action Input text: JSON when it parses as an object, else `{ input: text }`. */
function argsOf(args: unknown): unknown {
  if (typeof args !== 'string') return args ?? {};
  try {
    const parsed: unknown = JSON.parse(args);
    if (parsed && typeof parsed === 'object') return parsed;
  } catch {
    // plain text
  }
  return { input: args };
}

const LIMIT_CODES: Record<SandboxFailure['kind'], string> = {
  error: 'code_error',
  timeout: 'code_timeout',
  memory: 'code_memory',
  recursion: 'code_recursion',
  stdout: 'code_stdout',
  fatal: 'code_sandbox_failed',
  cancelled: 'cancelled',
  unavailable: 'code_sandbox_unavailable',
};

export async function runCodeTool(spec: CodeSpec, args: unknown, ctx: { signal: AbortSignal }): Promise<{ output: string; data: Record<string, unknown> }> {
  const timeoutMs = Math.round((spec.timeout_s ?? CODE_DEFAULTS.timeoutS) * 1000);
  const memoryMb = spec.memory_mb ?? CODE_DEFAULTS.memoryMb[spec.language];
  try {
    const out = await sandboxPool(spec.language).run(
      { code: spec.code, fn: spec.function, args: argsOf(args), timeoutMs, memoryBytes: memoryMb * 1024 * 1024, maxStdout: CODE_DEFAULTS.maxStdout },
      ctx.signal,
    );
    const output = JSON.stringify(out.stdout ? { result: out.result, stdout: out.stdout } : { result: out.result });
    return { output, data: { language: spec.language, stdout: out.stdout } };
  } catch (err) {
    if (!(err instanceof SandboxFailure)) throw err;
    const where = err.line ? ` (line ${err.line})` : '';
    const limit =
      err.kind === 'timeout' ? ` after ${timeoutMs / 1000} s` : err.kind === 'memory' ? ` (${memoryMb} MiB)` : '';
    const message = err.kind === 'error' ? `${err.errorName}: ${err.message}${where}` : `${err.message}${limit}`;
    throw new AppError('tool_error', `Code (${spec.language}) failed: ${message}`, {
      code: LIMIT_CODES[err.kind],
      error: err.errorName,
      ...(err.line ? { line: err.line } : {}),
      ...(err.stdout ? { stdout: err.stdout.slice(0, 4000) } : {}),
    });
  }
}
