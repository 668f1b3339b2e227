/**
 * One entry per built-in I/O tool type: its function definition for the model and how to run it.
 * `agent` tools are run by the engine itself, so a missing I/O tool type is a compile error here.
 */
import { AppError } from '../errors';
import type { ToolDefinition } from '../engine/ports';
import type { ToolSpec, ToolType } from '../graph/schema';
import { calculate, CalculatorArgs, calculatorDefinition } from './calculator';
import { a2aDefinition, runA2aTool } from './a2a-tool';
import { codeDefinition, runCodeTool } from './code/code-tool';
import { documentSamplerDefinition, runDocumentSampler } from './document-sampler';
import { httpDefinition, runHttpTool } from './http-tool';
import { knowledgeDefinition, runKnowledgeTool, type KnowledgePort } from './knowledge-tool';
import type { ScorerConnection } from './scorers';
import { runWebRetriever, webRetrieverDefinition, type PageCachePort } from './web-retriever';
import { runWebSearch, webSearchDefinition } from './web-search';

/** `agent`, `human` and `client` tools are bound by the engine (lib/engine/tool-runner.ts, human-tool.ts). */
export type IoToolType = Exclude<ToolType, 'agent' | 'human' | 'client' | 'openapi' | 'mcp'>;

export interface ToolRunContext {
  signal: AbortSignal;
  allowedHosts?: string[];
  /** Response read cap for HTTP tools (bytes). */
  maxResponseBytes?: number;
  /** The call's Idempotency-Key (`<run>-<attempt key>`; the same on every retry of the call). */
  idempotencyKey?: string;
  /** The web_retriever's page cache (absent: pages are always fetched). */
  pageCache?: PageCachePort;
  /** Connections by name, for scorers that call a model endpoint (rerank, embeddings). */
  resolveConnection?: (name: string) => Promise<ScorerConnection | null>;
  /** Reports the call's progress as it goes (an a2a tool's task updates): the engine records each as a tool.progress event. */
  progress?: (update: Record<string, unknown>) => void;
  /** Knowledge bases of the run's workspace, for `knowledge` tools (absent: the tool fails saying so). */
  knowledge?: KnowledgePort;
}

/** What a tool returns: its text, or its text and fields for its tool.result trace event. */
export type ToolRunOutput = string | { output: string; data?: Record<string, unknown> };

export interface ToolImpl<T extends IoToolType> {
  definition(name: string, spec: Extract<ToolSpec, { type: T }>): ToolDefinition;
  run(spec: Extract<ToolSpec, { type: T }>, args: unknown, ctx: ToolRunContext): Promise<ToolRunOutput>;
}

export const TOOL_REGISTRY: { [T in IoToolType]: ToolImpl<T> } = {
  calculator: {
    definition: (name, spec) => calculatorDefinition(name, spec.description),
    async run(_spec, args) {
      // A react agent passes its Action Input text; a tool-calling agent passes { expression }.
      const parsed = CalculatorArgs.safeParse(typeof args === 'string' ? { expression: args } : args);
      if (!parsed.success) {
        throw new AppError('tool_error', `Calculator: invalid arguments: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}`);
      }
      return calculate(parsed.data.expression);
    },
  },
  http: {
    definition: httpDefinition,
    run: (spec, args, ctx) => runHttpTool(spec, args, { signal: ctx.signal, allowedHosts: ctx.allowedHosts, maxBytes: ctx.maxResponseBytes, idempotencyKey: ctx.idempotencyKey }),
  },
  web_search: {
    definition: webSearchDefinition,
    run: (spec, args, ctx) => runWebSearch(spec, args, { signal: ctx.signal, allowedHosts: ctx.allowedHosts }),
  },
  web_retriever: {
    definition: webRetrieverDefinition,
    run: (spec, args, ctx) => runWebRetriever(spec, args, ctx),
  },
  document_sampler: {
    definition: documentSamplerDefinition,
    run: (spec, args, ctx) => runDocumentSampler(spec, args, ctx),
  },
  a2a: {
    definition: a2aDefinition,
    run: (spec, args, ctx) => runA2aTool(spec, args, ctx),
  },
  code: { definition: codeDefinition, run: runCodeTool },
  knowledge: {
    definition: knowledgeDefinition,
    run: (spec, args, ctx) => runKnowledgeTool(spec, args, ctx),
  },
};

export function toolImpl<T extends IoToolType>(type: T): ToolImpl<T> {
  return TOOL_REGISTRY[type];
}
