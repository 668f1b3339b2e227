/**
 * The ports a graph test runs on (no network): a model port that answers each node's calls with
 * its scripted replies in order, and a tool port that answers each tool with its stub (the
 * calculator runs for real; any other tool without a stub fails the call, as a tool error).
 */
import { AppError } from '@/lib/errors';
import type { ChatRequest, ChatResult, ModelPort, ToolPort, ToolResult } from '@/lib/engine/ports';
import type { ToolSpec } from '@/lib/graph/schema';
import type { ScriptedReply, ToolStub } from '@/lib/graph/test-schema';
import { createToolPort } from '@/lib/tools';
import { withFunctionTools } from '@/lib/tools/function-tool-port';

/** Replies per node id; `calls()` counts the calls each node made. */
export function scriptedModelPort(replies: Record<string, readonly ScriptedReply[]>): ModelPort & { calls(): Record<string, number> } {
  const used = new Map<string, number>();
  let ids = 0;
  return {
    calls: () => Object.fromEntries(used),
    async chat(req: ChatRequest): Promise<ChatResult> {
      const node = req.node ?? '?';
      const n = used.get(node) ?? 0;
      used.set(node, n + 1);
      const list = Object.hasOwn(replies, node) ? replies[node] : [];
      if (n >= list.length) {
        throw new AppError('no_scripted_reply', `Node "${node}" made model call #${n + 1}, but the test scripts ${list.length} repl${list.length === 1 ? 'y' : 'ies'} for it (add one under replies.${node})`);
      }
      const r = list[n];
      const reply = typeof r === 'string' ? { content: r } : r;
      const content = reply.content ?? null;
      if (content) req.onDelta?.(content);
      const tool_calls = reply.tool_calls?.map((c) => ({
        id: c.id ?? `call_${node}_${++ids}`,
        type: 'function' as const,
        function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}) },
      }));
      // Without scripted usage, a rough count (4 characters a token) keeps usage assertions meaningful.
      const input = reply.usage?.input ?? Math.ceil(JSON.stringify(req.messages).length / 4);
      const output = reply.usage?.output ?? Math.ceil(((content ?? '').length + JSON.stringify(tool_calls ?? []).length * (tool_calls ? 1 : 0)) / 4);
      return {
        message: { role: 'assistant', content, ...(tool_calls?.length ? { tool_calls } : {}) },
        finish_reason: reply.finish_reason ?? (tool_calls?.length ? 'tool_calls' : 'stop'),
        usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
        model: req.model,
        latency_ms: 0,
      };
    },
  };
}

/** Stubs by tool name; the calculator without a stub runs for real; other tools must be stubbed. */
export function stubbedToolPort(stubs: Record<string, ToolStub>): ToolPort {
  const real = withFunctionTools(createToolPort({ allowedHosts: [] }), { allowedHosts: [] });
  return {
    definition: (name: string, spec: ToolSpec) => real.definition(name, spec),
    // openapi tools' functions come from their spec (no call is made); mcp tools need a server, so they fail here.
    functions: (name, spec, signal) => real.functions!(name, spec, signal),
    async run(name, spec, args, ctx): Promise<ToolResult> {
      // A tool offering several functions (openapi, mcp) is stubbed per function name, else as a whole.
      const key = ctx.fn !== undefined && Object.hasOwn(stubs, ctx.fn) ? ctx.fn : name;
      if (Object.hasOwn(stubs, key)) {
        const stub = stubs[key];
        if (typeof stub === 'string') return { output: stub };
        if ('error' in stub) throw new AppError('tool_error', stub.error, { tool: name });
        return { output: typeof stub.output === 'string' ? stub.output : JSON.stringify(stub.output) };
      }
      if (spec.type === 'calculator') return real.run(name, spec, args, ctx);
      throw new AppError('tool_error', `Tool "${name}" has no stub in this test (tests make no network calls): add it under tools.${name}`, { tool: name });
    },
  };
}
