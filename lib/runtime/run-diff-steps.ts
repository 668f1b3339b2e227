/**
 * What each node did at each step of a run, read from its trace (the run diff's input): prompts
 * of its model calls as text, output, where its edges went, tool calls, tokens, latency and cost
 * (`cost_usd` on llm.response, when the trace has it). Pure.
 */
import { promptResolver, type PromptMessage } from '@/lib/contracts/llm-prompt';
import { eventData, type TraceEvent } from '@/lib/contracts/trace';
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

/** One summary per (step, node) that ran, in the order they started. */
export function summarizeSteps(events: readonly TraceEvent[]): Map<string, NodeStepSummary & { step: number; node: string }> {
  const out = new Map<string, NodeStepSummary & { step: number; node: string }>();
  const at = (e: TraceEvent) => {
    const k = stepKey(e.step, e.node!);
    let s = out.get(k);
    if (!s) out.set(k, (s = { ...blank(), step: e.step, node: e.node! }));
    return s;
  };
  /** A request stores only what is new since an earlier one: prompts are resolved against the run's events. */
  const resolve = promptResolver(events);
  const prompts = new Map<string, string[]>();
  const tools = new Map<string, { tool: string; args: unknown; output: string; error?: string }>();
  for (const e of events) {
    if (!e.node) continue;
    switch (e.type) {
      case 'node.started':
        at(e);
        break;
      case 'llm.request': {
        const k = stepKey(e.step, e.node);
        prompts.set(k, [...(prompts.get(k) ?? []), promptText(resolve(e).messages)]);
        at(e).model_calls++;
        break;
      }
      case 'llm.response': {
        const d = eventData(e, 'llm.response');
        const s = at(e);
        s.input_tokens += d?.['gen_ai.usage.input_tokens'] ?? 0;
        s.output_tokens += d?.['gen_ai.usage.output_tokens'] ?? 0;
        const cost = (e.data as { cost_usd?: unknown }).cost_usd;
        if (typeof cost === 'number') s.cost_usd = (s.cost_usd ?? 0) + cost;
        break;
      }
      case 'tool.call': {
        const d = eventData(e, 'tool.call');
        const call = { tool: d?.tool ?? '?', args: d?.args ?? null, output: '' };
        tools.set(e.span_id, call);
        at(e).tool_calls.push(call);
        break;
      }
      case 'tool.result': {
        const d = eventData(e, 'tool.result');
        const call = tools.get(e.span_id);
        if (call && d) {
          call.output = d.output;
          if (d.error !== undefined) call.error = d.error;
        }
        break;
      }
      case 'edge.taken': {
        const to = eventData(e, 'edge.taken')?.to;
        if (to) at(e).branches.push(to);
        break;
      }
      case 'node.finished': {
        const d = eventData(e, 'node.finished');
        const s = at(e);
        s.status = d?.status ?? 'succeeded';
        s.output = d?.error ? `${d.error.code}: ${d.error.message}` : text(d?.output);
        s.latency_ms = d?.latency_ms ?? null;
        break;
      }
    }
  }
  for (const [k, list] of prompts) {
    const s = out.get(k);
    if (s) s.prompt = list.join('\n\n---\n\n');
  }
  return out;
}
