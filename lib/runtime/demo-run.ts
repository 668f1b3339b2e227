/**
 * The ports of a demo run (`connection_override: 'demo'`): every model call goes to the built-in
 * demo connection (lib/llm/demo), which plays the graph's scripted conversation for the run's
 * input; tools with a scripted observation return it (marked `demo: true` in the trace), the
 * calculator runs for real, and any other tool fails, saying demo runs make no network calls.
 */
import 'server-only';
import type { ModelPort, ToolPort, ToolResult } from '@/lib/engine/ports';
import { DEMO_CONNECTION } from '@/lib/contracts/runs';
import type { GraphDocument } from '@/lib/graph/schema';
import { AppError } from '@/lib/errors';
import { createModelPort, type ModelPortOptions } from '@/lib/llm';
import { demoConnection } from '@/lib/llm/demo/connection';
import { scriptFor, type DemoScript } from '@/lib/llm/demo/script';
import { loadDemoScripts } from '@/lib/llm/demo/scripts-store';

export interface DemoRun {
  graph: string;
  input: string;
}

/** Pause between the demo model's streamed chunks (SWITCHYARD_DEMO_DELAY_MS, default 25 ms): a person sees the trace grow. */
function delayMs(): number {
  const v = Number(process.env.SWITCHYARD_DEMO_DELAY_MS);
  return Number.isFinite(v) && v >= 0 ? v : 25;
}

export function demoModelPort(runId: string, script: DemoScript | null, model: Omit<ModelPortOptions, 'resolveConnection'>): ModelPort {
  const connection = demoConnection(runId, script, delayMs());
  return createModelPort({ ...model, resolveConnection: async () => connection });
}

export function demoToolPort(script: DemoScript | null, real: ToolPort): ToolPort {
  const stubs = script?.tools ?? {};
  return {
    definition: (name, spec) => real.definition(name, spec),
    ...(real.functions ? { functions: real.functions.bind(real) } : {}),
    async run(name, spec, args, ctx): Promise<ToolResult> {
      const key = ctx.fn !== undefined && Object.hasOwn(stubs, ctx.fn) ? ctx.fn : name;
      if (Object.hasOwn(stubs, key)) {
        const stub = stubs[key];
        if (typeof stub !== 'string' && 'error' in stub) throw new AppError('tool_error', `${stub.error} (scripted by the demo)`, { tool: name, demo: true });
        const output = typeof stub === 'string' ? stub : typeof stub.output === 'string' ? stub.output : JSON.stringify(stub.output);
        return { output, data: { demo: true, note: 'a scripted observation of the demo model, not a real tool call' } };
      }
      if (spec.type === 'calculator') return real.run(name, spec, args, ctx);
      throw new AppError('tool_error', `Demo run: tool "${name}" has no scripted observation for this input, and demo runs make no network calls.`, { tool: name, demo: true });
    },
  };
}

/** The model and tool ports of a demo run of graph `demo.graph` with input `demo.input`. */
export function demoPorts(runId: string, demo: DemoRun, model: Omit<ModelPortOptions, 'resolveConnection'>, realTools: ToolPort): { model: ModelPort; tools: ToolPort } {
  const script = scriptFor(loadDemoScripts(demo.graph), demo.input);
  return { model: demoModelPort(runId, script, model), tools: demoToolPort(script, realTools) };
}

/** The document a demo run executes: every model entry names the `demo` connection, so the trace says which model answered. */
export function demoDocument(doc: GraphDocument): GraphDocument {
  if (!doc.models) return doc;
  return { ...doc, models: Object.fromEntries(Object.entries(doc.models).map(([k, m]) => [k, { ...m, connection: DEMO_CONNECTION }])) };
}
