/**
 * Errors inside the engine. An EngineError carries a stable code (`max_steps`, `recursion_limit`,
 * `no_branch`, ...) that ends up in `run.failed` and in the RunOutcome.
 */
import type { Interrupt } from '../contracts/trace';

export class EngineError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/**
 * Thrown by an executor (human node, human / client tool, a paused subgraph) to pause the run; the
 * scheduler turns it into `paused`. `continuation` is what the node needs to go on from inside
 * when resumed (kept in the checkpoint, handed back as ExecContext.continuation): a paused
 * subgraph's position, and (`journal`) the attempt keys of the step's calls: pointers into the call
 * journal (journal.ts), which holds their results.
 */
export class InterruptRequest extends Error {
  constructor(
    readonly interrupt: Interrupt,
    public continuation?: Record<string, unknown>,
  ) {
    super(`interrupt at ${interrupt.node}`);
    this.name = 'InterruptRequest';
  }
}

/**
 * A person rejected a human step inside a subgraph and nothing routed it: the whole run ends
 * `rejected` (the subgraph node passes it through; runGraph turns it into the outcome).
 */
export class RunRejected extends EngineError {
  constructor(
    readonly node: string,
    readonly reason?: string,
  ) {
    super('rejected', `Rejected at "${node}"${reason ? `: ${reason}` : ''}`);
    this.name = 'RunRejected';
  }
}

export interface ErrorInfo {
  code: string;
  message: string;
}

/** `{ code, message }` of anything thrown: EngineError / AppError keep their code. */
export function errorInfo(err: unknown): ErrorInfo {
  if (err instanceof EngineError) return { code: err.code, message: err.message };
  if (err && typeof err === 'object' && 'code' in err && typeof (err as { code: unknown }).code === 'string' && err instanceof Error) {
    return { code: (err as { code: string }).code, message: err.message };
  }
  if (err instanceof Error) return { code: 'node_error', message: err.message };
  return { code: 'node_error', message: String(err) };
}

/** Short text of a value for messages (never the whole of a big value). */
export function excerpt(value: unknown, max = 200): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
