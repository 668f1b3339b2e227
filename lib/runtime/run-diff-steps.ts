/**
 * What each node did at each step of a run, read from its trace (the run diff's input): prompts
 * of its model calls as text, output, where its edges went, tool calls, tokens, latency and cost
 * (`cost_usd` on llm.response, when the trace has it). Pure; spans come from the one trace fold.
 */
import { promptResolver, type PromptMessage } from '@/lib/contracts/llm-prompt';
import { eventData, type TraceEvent } from '@/lib/contracts/trace';
import { foldTrace, type TraceItem } from '@/lib/contracts/trace-fold';
import type { NodeStepSummary } from '@/lib/contracts/time-travel';

export const stepKey = (step: number, node: string) => `${step}\u0000${node}`;

function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v, null, 2);
}

function promptText(messages: PromptMessage[]): string {
  return messages
    .map((m) => `${m.role}${m.name ? ` (${m.name})` : ''}: ${text(m.content)}${m.tool_calls ? ` ${text(m.tool_calls)}` : ''}`)
    .join('\n');
}

function blank(): NodeStepSummary {
  return { status: 'running', prompt: '', output: '', branches: [], tool_calls: [], model_calls: 0, input_tokens: 0, output_tokens: 0, latency_ms: null, cost_usd: null };
}

/**
 * One summary per (step, node) that ran, in the order they started: each node span of the trace
 * fold (lib/contracts/trace-fold.ts) with what hangs under it (model calls, memory, tool calls,
 * edges), not counting the nodes it called (a worker's own span is its own row).
 */
export function summarizeSteps(events: readonly TraceEvent[]): Map<string, NodeStepSummary & { step: number; node: string }> {
  const fold = foldTrace(events);
  const out = new Map<string, NodeStepSummary & { step: number; node: string }>();
  const prompts = new Map<string, string[]>();
  /** A request stores only what is new since an earlier one: prompts are resolved against the run's events. */
  const resolve = promptResolver(events);
  for (const span of fold.items.values()) {
    const start = span.events[0];
    if (span.kind !== 'node' || start?.node === undefined) continue;
    const k = stepKey(start.step, start.node);
    let s = out.get(k);
    if (!s) out.set(k, (s = { ...blank(), step: start.step, node: start.node }));
    const visit = (item: TraceItem) => {
      for (const e of item.point ? [] : item.events) summarizeEvent(s, e, resolve, prompts, k);
      if (item.kind === 'edge') {
        const to = eventData(item.events[0], 'edge.taken')?.to;
        if (to) s.branches.push(to);
      }
      for (const c of item.children) {
        const child = fold.items.get(c)!;
        if (child.kind !== 'node') visit(child);
      }
    };
    visit(span);
  }
  for (const [k, list] of prompts) {
    const s = out.get(k);
    if (s) s.prompt = list.join('\n\n---\n\n');
  }
  return out;
}

function summarizeEvent(s: NodeStepSummary, e: TraceEvent, resolve: ReturnType<typeof promptResolver>, prompts: Map<string, string[]>, k: string): void {
  switch (e.type) {
    case 'llm.request': {
      prompts.set(k, [...(prompts.get(k) ?? []), promptText(resolve(e).messages)]);
      s.model_calls++;
      break;
    }
    case 'llm.response': {
      const d = eventData(e, 'llm.response');
      s.input_tokens += d?.['gen_ai.usage.input_tokens'] ?? 0;
      s.output_tokens += d?.['gen_ai.usage.output_tokens'] ?? 0;
      if (d?.cost_usd !== undefined) s.cost_usd = (s.cost_usd ?? 0) + d.cost_usd;
      break;
    }
    case 'tool.call': {
      const d = eventData(e, 'tool.call');
      s.tool_calls.push({ tool: d?.tool ?? '?', args: d?.args ?? null, output: '' });
      break;
    }
    case 'tool.result': {
      const d = eventData(e, 'tool.result');
      const call = s.tool_calls.at(-1);
      if (call && d) {
        call.output = d.output;
        if (d.error !== undefined) call.error = d.error;
      }
      break;
    }
    case 'node.finished': {
      const d = eventData(e, 'node.finished');
      s.status = d?.status ?? 'succeeded';
      s.output = d?.error ? `${d.error.code}: ${d.error.message}` : text(d?.output);
      s.latency_ms = d?.latency_ms ?? null;
      break;
    }
  }
}
