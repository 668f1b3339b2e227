import { describe, expect, it } from 'vitest';
import { recorder } from '@/lib/testing/trace-fixtures/make-events';
import { buildTimeline } from './timeline-tree';

describe('timeline: guard verdicts and schema checks', () => {
  it('are rows under their node, saying the verdict and what matched (masked)', () => {
    const r = recorder('guards');
    r.emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'x' } });
    r.emit({ type: 'node.started', step: 1, node: 'a', span_id: 'n', parent_span_id: 'run', data: { role: 'agent' } });
    r.emit({ type: 'guard.verdict', step: 1, node: 'a', span_id: 'n', parent_span_id: 'run', data: { scope: 'node', stage: 'input', check: 'pii', index: 0, verdict: 'redact', matches: [{ kind: 'card', masked: '**** **** **** 1111' }] } });
    r.emit({ type: 'guard.verdict', step: 1, node: 'a', span_id: 'n', parent_span_id: 'run', data: { scope: 'node', stage: 'output', check: 'injection', index: 0, verdict: 'error', error: 'judge unreachable' } });
    r.emit({ type: 'output.validated', step: 1, node: 'a', span_id: 'n', parent_span_id: 'run', data: { mode: 'instructed', attempt: 1, valid: false, errors: ['(root) must be object'] } });
    const tl = buildTimeline(r.events);
    const rows = tl.rows.get('n')!.children.map((id) => tl.rows.get(id)!);
    expect(rows.map((row) => [row.kind, row.label])).toEqual([
      ['guard', 'guard input pii · redact: card **** **** **** 1111'],
      ['guard', 'guard output injection · error: judge unreachable'],
      ['guard', 'output schema (instructed, attempt 1) · invalid: (root) must be object'],
    ]);
  });
});
