/** A tool as a node's model loop sees it: the binding tool-runner.ts runs, and what a call returns. */
import type { ToolDefinition } from './ports';

export interface ToolOutcome {
  output: string;
  truncated?: boolean;
  original_bytes?: number;
  /** Fields for the tool.result trace event (a retriever's pages, a sampler's scores, a reflection's attempts). */
  data?: Record<string, unknown>;
}

export interface ToolBinding {
  /** The function name the model sees (the tool id, or the worker node id). */
  name: string;
  /** For tool.call: the tool type (`calculator`, `http`, ..., `agent`, `worker`). */
  type: string;
  description: string;
  definition: ToolDefinition;
  /**
   * Runs the tool; throws on failure. `span` is the tool.call span (children nest under it);
   * `activity` the call's deterministic key (the HTTP tool's Idempotency-Key); `callId` the
   * model's tool call id (or one derived from the key), which a human / client tool's pause names.
   */
  invoke(args: unknown, span: string, activity: string, callId: string): Promise<ToolOutcome>;
}
