/**
 * What a graph test's assertions see (CEL variables), built from the run's outcome and trace:
 * `output`, `state`, `status`, `error`, `usage` and `trace` (nodes_run, tools_called, tool_results,
 * branches, edges, model_calls, models, errors, interrupt).
 */
import type { RunOutcome } from '@/lib/engine';
import type { Checkpoint, TraceEventInput } from '@/lib/contracts/trace';
import { foldRun } from '@/lib/contracts/trace-fold';
import { isConditional, type GraphDocument } from '@/lib/graph/schema';

export interface TestVars {
  output: unknown;
  state: Record<string, unknown>;
  status: RunOutcome['status'];
  error: { code: string; message: string } | null;
  usage: { input_tokens: number; output_tokens: number; total_tokens: number; cost_usd: number; model_calls: number };
  trace: Record<string, unknown>;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The label of branch `index` of the conditional edge from `from`, if it has one. */
function branchLabel(doc: GraphDocument, from: string, index: unknown): string | undefined {
  const edge = doc.edges.find((e) => e.from === from && isConditional(e));
  const b = edge && isConditional(edge) && typeof index === 'number' ? edge.branches[index] : undefined;
  return b && 'label' in b ? b.label : undefined;
}

export function testVars(doc: GraphDocument, outcome: RunOutcome, events: readonly TraceEventInput[], last: Checkpoint | undefined): TestVars {
  const of = (type: TraceEventInput['type']) => events.filter((e) => e.type === type);
  const run = foldRun(events);
  // A paused run has not ended: its usage is in the checkpoint of the pause.
  const u = (run.ended ? run.usage : ((last?.extra?.usage as object | undefined) ?? {})) as Record<string, number | undefined>;
  const input = u.input_tokens ?? 0;
  const output = u.output_tokens ?? 0;
  // Every edge has the same fields (null when absent), so `b.label == "x"` never fails on a missing key.
  const edges = of('edge.taken').map((e) => {
    const from = str(e.data.from) ?? '';
    return {
      from,
      to: str(e.data.to) ?? '',
      condition: str(e.data.condition) ?? null,
      label: str(e.data.label) ?? branchLabel(doc, from, e.data.branch_index) ?? null,
    };
  });
  return {
    output: outcome.status === 'succeeded' ? outcome.output : null,
    state: outcome.status === 'succeeded' || outcome.status === 'rejected' ? outcome.state : (last?.state ?? {}),
    status: outcome.status,
    error: outcome.status === 'failed' ? outcome.error : null,
    usage: { input_tokens: input, output_tokens: output, total_tokens: input + output, cost_usd: u.cost_usd ?? 0, model_calls: u.model_calls ?? 0 },
    trace: {
      nodes_run: of('node.started').map((e) => e.node ?? ''),
      tools_called: of('tool.call').map((e) => str(e.data.tool) ?? ''),
      tool_results: of('tool.result').map((e) => ({ tool: str(e.data.tool) ?? '', output: str(e.data.output) ?? '', ...(e.data.error ? { error: e.data.error } : {}) })),
      branches: edges.filter((e) => e.condition !== null),
      edges,
      model_calls: of('llm.response').length,
      models: of('llm.request').map((e) => str(e.data['gen_ai.request.model']) ?? ''),
      errors: of('node.finished')
        .filter((e) => e.data.status === 'failed')
        .map((e) => ({ node: e.node ?? '', ...((e.data.error as object | undefined) ?? {}) })),
      interrupt: outcome.status === 'paused' ? outcome.interrupt : null,
      events: events.length,
    },
  };
}
