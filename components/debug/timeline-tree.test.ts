import { describe, expect, it } from 'vitest';
import { buildTimeline, nodesInTrace, observationFor, visibleRows } from './timeline-tree';
import { mrklRun, FINAL } from '@/lib/testing/trace-fixtures/mrkl-run';
import { loopRun } from '@/lib/testing/trace-fixtures/loop-run';
import { recorder } from '@/lib/testing/trace-fixtures/make-events';

const all = { nodes: new Set<string>(), types: new Set<never>() };

describe('timeline tree: span nesting', () => {
  it('nests the MRKL agent model calls and tool calls under the agent node, under the run', () => {
    const tl = buildTimeline(mrklRun());
    expect(tl.roots).toEqual(['run']);
    const run = tl.rows.get('run')!;
    const agent = tl.rows.get('n1')!;
    expect(agent.parentId).toBe('run');
    expect(run.children[0]).toMatch(/^p/); // START → agent
    expect(agent.children.map((id) => tl.rows.get(id)!.kind)).toEqual(['llm', 'tool', 'llm', 'tool', 'llm', 'tool', 'llm', 'state', 'edge']);
    expect(agent.role).toBe('agent');
    expect(agent.status).toBe('ok');
    expect(tl.rows.get('l0')!.node).toBe('agent');
  });

  it('appends streamed deltas into the model call row while it runs', () => {
    const events = mrklRun();
    const firstResponse = events.findIndex((e) => e.type === 'llm.response');
    const tl = buildTimeline(events.slice(0, firstResponse));
    const l0 = tl.rows.get('l0')!;
    expect(l0.status).toBe('running');
    expect(l0.end).toBeNull();
    expect(l0.text).toBe("Thought: I need to find out who Olivia Wilde's boyfriend is.\nAction: Search\nAction Input: Olivia Wilde's boyfriend");
  });

  it('rolls model token usage up into the node and run rows', () => {
    const tl = buildTimeline(mrklRun());
    expect(tl.rows.get('l0')!.tokensIn).toBe(120);
    expect(tl.rows.get('n1')!.tokensOut).toBe(115);
    expect(tl.rows.get('run')!.tokensIn).toBe(690);
  });

  it('finds the Observation of a react step in the next tool call, none for the final answer', () => {
    const tl = buildTimeline(mrklRun());
    expect(observationFor(tl, 'l0')).toBe('Jason Sudeikis');
    expect(observationFor(tl, 'l2')).toBe('2.4242784855673896');
    expect(observationFor(tl, 'l3')).toBeUndefined();
    expect(tl.rows.get('l3')!.text).toContain(FINAL);
  });

  it('labels a conditional edge with its condition and the else branch with its number', () => {
    const tl = buildTimeline(loopRun());
    const labels = [...tl.rows.values()].filter((r) => r.kind === 'edge').map((r) => r.label);
    expect(labels).toContain('reviewer → writer when state.verdict == "revise"');
    expect(labels).toContain('reviewer → approve (else)');
  });

  it('a node paused for a person shows as paused, then running again once resumed', () => {
    const paused = buildTimeline(loopRun());
    expect(paused.rows.get('h')!.status).toBe('paused');
    const resumed = buildTimeline(loopRun('r', { resume: 'approve' }).slice(0, -2));
    expect(resumed.rows.get('h')!.status).toBe('running');
    expect(buildTimeline(loopRun('r', { resume: 'approve' })).rows.get('h')!.status).toBe('ok');
  });

  it('an event whose parent span was never seen becomes a root instead of vanishing', () => {
    const r = recorder('o');
    r.emit({ type: 'node.started', step: 1, node: 'x', span_id: 'x', parent_span_id: 'ghost', data: {} });
    const tl = buildTimeline(r.events);
    expect(tl.roots).toEqual(['x']);
    expect(tl.rows.get('x')!.parentId).toBeNull();
  });
});

describe('timeline tree: filters and collapse', () => {
  it('shows every row depth-first with its depth when unfiltered', () => {
    const rows = visibleRows(buildTimeline(mrklRun()), all, new Set());
    expect(rows[0]).toMatchObject({ depth: 0, hasChildren: true });
    expect(rows.find((r) => r.row.id === 'l0')!.depth).toBe(2);
    expect(rows.map((r) => r.row.events[0].seq)).toEqual([...rows.map((r) => r.row.events[0].seq)].sort((a, b) => a - b));
  });

  it('filters by event type, keeping the ancestors of a match for context', () => {
    const rows = visibleRows(buildTimeline(mrklRun()), { nodes: new Set(), types: new Set(['tool.call'] as const) }, new Set());
    expect(rows.map((r) => r.row.kind)).toEqual(['run', 'node', 'tool', 'tool', 'tool']);
  });

  it('filters by node', () => {
    const tl = buildTimeline(loopRun());
    const rows = visibleRows(tl, { nodes: new Set(['reviewer']), types: new Set() }, new Set());
    expect(new Set(rows.filter((r) => r.row.kind === 'node').map((r) => r.row.node))).toEqual(new Set(['reviewer']));
    expect(rows.some((r) => r.row.node === 'writer')).toBe(false);
  });

  it('a filter that matches nothing shows nothing', () => {
    expect(visibleRows(buildTimeline(mrklRun()), { nodes: new Set(['nope']), types: new Set() }, new Set())).toEqual([]);
  });

  it('hides the children of a collapsed row but keeps the row', () => {
    const rows = visibleRows(buildTimeline(mrklRun()), all, new Set(['n1']));
    expect(rows.map((r) => r.row.kind)).toEqual(['run', 'edge', 'node']);
    expect(rows.some((r) => r.row.parentId === 'n1')).toBe(false);
  });

  it('lists the nodes of the trace in first-seen order', () => {
    expect(nodesInTrace(loopRun())).toEqual(['writer', 'reviewer', 'approve']);
  });
});

describe('timeline tree: a failed run', () => {
  it('a model call whose request failed is not left running once its node and the run failed', () => {
    const r = recorder('run-f');
    r.emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'x', graph: 'g' } });
    r.emit({ type: 'node.started', step: 1, node: 'w', span_id: 'n1', parent_span_id: 'run', data: { role: 'agent' } });
    r.emit({ type: 'llm.request', step: 1, node: 'w', span_id: 'l0', parent_span_id: 'n1', data: { 'gen_ai.request.model': 'm', messages: [] } });
    r.emit({ type: 'node.finished', step: 1, node: 'w', span_id: 'n1', parent_span_id: 'run', data: { status: 'failed', error: { code: 'model_error', message: '400' } } });
    r.emit({ type: 'run.failed', step: 1, span_id: 'run', data: { error: { code: 'model_error', message: '400' } } });
    const tl = buildTimeline(r.events);
    expect(tl.rows.get('n1')!.status).toBe('error');
    expect(tl.rows.get('l0')!.status).toBe('error');
    expect(tl.rows.get('l0')!.end).not.toBeNull();
  });
});

describe('timeline tree: event types it does not know', () => {
  it('shows an unknown event type as "unknown event <type>" under its span, never as a resume or a span', () => {
    const r = recorder('u');
    r.emit({ type: 'run.started', step: 0, span_id: 'run', data: { input: 'x', graph: 'g' } });
    r.emit({ type: 'node.started', step: 1, node: 'a', span_id: 'n1', parent_span_id: 'run', data: { role: 'agent' } });
    r.emit({ type: 'node.paused' as never, step: 1, node: 'a', span_id: 'n1', parent_span_id: 'run', data: {} });
    r.emit({ type: 'run.rewound' as never, step: 1, span_id: 'run', data: {} });
    const tl = buildTimeline(r.events);
    const unknown = [...tl.rows.values()].filter((row) => row.kind === 'unknown');
    expect(unknown.map((row) => [row.label, row.parentId])).toEqual([
      ['unknown event node.paused', 'n1'],
      ['unknown event run.rewound', 'run'],
    ]);
    expect([...tl.rows.values()].some((row) => row.kind === 'resume' || row.label === 'resumed')).toBe(false);
    expect(tl.rows.get('n1')!.status).toBe('running');
    expect(tl.rows.get('run')!.status).toBe('running');
  });
});
