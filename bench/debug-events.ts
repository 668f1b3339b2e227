/**
 * A synthetic trace of about `total` events shaped like a real run: one agent node after another,
 * each with a model call streamed as many small deltas, a tool call, a state update and the edge
 * to the next node; ends with run.finished. Deterministic (no randomness, fixed clock).
 */
import type { TraceEvent, TraceEventInput } from '../lib/contracts/trace';

export function syntheticRun(runId: string, total = 2000, deltasPerCall = 25): TraceEvent[] {
  const events: TraceEvent[] = [];
  let t = Date.parse('2026-01-01T00:00:00.000Z');
  const emit = (e: TraceEventInput) => {
    t += 7;
    events.push({ ...e, seq: events.length + 1, run_id: runId, ts: new Date(t).toISOString() });
  };
  emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'bench', graph: 'bench' } });
  let prev = 'START';
  for (let i = 0; events.length < total - (deltasPerCall + 12); i++) {
    const node = `agent_${i}`;
    const span = `n${i}`;
    emit({ type: 'edge.taken', step: i, span_id: 'run', data: { from: prev, to: node } });
    emit({ type: 'node.started', step: i + 1, node, span_id: span, parent_span_id: 'run', data: { role: 'agent', strategy: 'react' } });
    emit({
      type: 'llm.request', step: i + 1, node, span_id: `${span}l`, parent_span_id: span,
      data: { 'gen_ai.request.model': 'bench-model', connection: 'default', messages: [{ role: 'system', content: 'You are a bench.' }, { role: 'user', content: `step ${i}` }] },
    });
    let text = '';
    for (let d = 0; d < deltasPerCall; d++) {
      const chunk = `tok${d} `;
      text += chunk;
      emit({ type: 'llm.delta', step: i + 1, node, span_id: `${span}l`, parent_span_id: span, data: { text: chunk } });
    }
    emit({
      type: 'llm.response', step: i + 1, node, span_id: `${span}l`, parent_span_id: span,
      data: { content: text, finish_reason: 'stop', 'gen_ai.usage.input_tokens': 50, 'gen_ai.usage.output_tokens': deltasPerCall, latency_ms: 200 },
    });
    emit({ type: 'tool.call', step: i + 1, node, span_id: `${span}t`, parent_span_id: span, data: { tool: 'calc', type: 'calculator', args: { expression: `${i}+1` } } });
    emit({ type: 'tool.result', step: i + 1, node, span_id: `${span}t`, parent_span_id: span, data: { tool: 'calc', output: String(i + 1), latency_ms: 3 } });
    emit({ type: 'state.updated', step: i + 1, node, span_id: span, parent_span_id: 'run', data: { changed: ['n'], set: { n: i + 1 } } });
    emit({ type: 'node.finished', step: i + 1, node, span_id: span, parent_span_id: 'run', data: { status: 'succeeded', output: text, latency_ms: 250 } });
    prev = node;
  }
  while (events.length < total - 2) emit({ type: 'llm.retry', step: 0, span_id: 'run', data: { attempt: 1, wait_ms: 0, reason: 'pad' } });
  emit({ type: 'edge.taken', step: 0, span_id: 'run', data: { from: prev, to: 'END' } });
  emit({ type: 'run.finished', step: 0, span_id: 'run', data: { output: 'done' } });
  return events;
}
