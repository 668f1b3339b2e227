import { describe, expect, it } from 'vitest';
import { costTitle, formatCost, rowCost, traceCost } from './cost';
import { recorder } from '@/lib/testing/trace-fixtures/make-events';

describe('formatCost', () => {
  it('shows two significant digits under a dollar and cents above', () => {
    expect(formatCost(0.0012)).toBe('$0.0012');
    expect(formatCost(0.00075)).toBe('$0.00075');
    expect(formatCost(0.001234)).toBe('$0.0012');
    expect(formatCost(0.1)).toBe('$0.10');
    expect(formatCost(0.256)).toBe('$0.26');
    expect(formatCost(3.14159)).toBe('$3.14');
    expect(formatCost(1234.5)).toBe('$1234.50');
    expect(formatCost(0.0000001)).toBe('<$0.000001');
  });

  it('says free for 0 and — when unknown', () => {
    expect(formatCost(0)).toBe('free');
    expect(formatCost(undefined)).toBe('—');
    expect(formatCost(null)).toBe('—');
    expect(formatCost(Number.NaN)).toBe('—');
    expect(costTitle(0.00075)).toBe('Cost $0.00075');
    expect(costTitle(undefined)).toMatch(/unknown/);
  });
});

function run() {
  const r = recorder('r');
  r.emit({ type: 'run.started', span_id: 'run', step: 0, data: {} });
  r.emit({ type: 'node.started', span_id: 'n1', parent_span_id: 'run', node: 'a', step: 1, data: { role: 'agent' } });
  r.emit({ type: 'llm.request', span_id: 'l1', parent_span_id: 'n1', node: 'a', step: 1, data: { messages: [] } });
  const priced = r.emit({ type: 'llm.response', span_id: 'l1', parent_span_id: 'n1', node: 'a', step: 1, data: { content: 'x', cost_usd: 0.001 } });
  const unpriced = r.emit({ type: 'llm.response', span_id: 'l2', parent_span_id: 'n1', node: 'a', step: 1, data: { content: 'y' } });
  const finished = r.emit({
    type: 'node.finished',
    span_id: 'n1',
    parent_span_id: 'run',
    node: 'a',
    step: 1,
    data: { status: 'succeeded', usage: { input_tokens: 1, output_tokens: 1, model_calls: 2, cost_usd: 0.001 } },
  });
  return { r, priced, unpriced, finished };
}

describe('rowCost and traceCost', () => {
  it("reads a model call's cost_usd and a node's usage.cost_usd", () => {
    const { priced, unpriced, finished } = run();
    expect(rowCost('llm', [priced])).toBe(0.001);
    expect(rowCost('llm', [unpriced])).toBeUndefined();
    expect(rowCost('node', [finished])).toBe(0.001);
    expect(rowCost('tool', [priced])).toBeUndefined();
  });

  it('sums the priced calls while running, then takes the final usage', () => {
    const { r } = run();
    r.emit({ type: 'llm.response', span_id: 'l3', node: 'a', step: 2, data: { content: 'z', cost_usd: 0.0002 } });
    expect(traceCost(r.events)).toBe(0.0012);
    r.emit({ type: 'run.finished', span_id: 'run', step: 2, data: { output: 'z', usage: { input_tokens: 3, output_tokens: 3, cost_usd: 0.5 } } });
    expect(traceCost(r.events)).toBe(0.5);
    expect(traceCost([])).toBeUndefined();
  });
});
