import { describe, expect, it } from 'vitest';
import { documentToEditor } from '@/components/editor/state/convert';
import { callEdges, callPairs } from './call-edge';

describe('derived call edges', () => {
  it('draws a supervisor to each worker and an agent or a tool node to the node behind an agent tool, never to itself or a missing node', () => {
    const g = documentToEditor({
      switchyard: 1,
      name: 'g',
      tools: { ask_writer: { type: 'agent', node: 'writer' }, ghost: { type: 'agent', node: 'nobody' } },
      nodes: {
        boss: { role: 'supervisor', workers: ['researcher', 'boss', 'missing'] },
        researcher: { role: 'agent', tools: ['ask_writer', 'ghost'] },
        writer: { role: 'agent' },
        delegate: { role: 'tool', tool: 'ask_writer' },
      },
      edges: [],
    });
    const pairs = callPairs(g);
    expect(pairs.split('\n')).toEqual(['boss>researcher', 'researcher>writer', 'delegate>writer']);
    expect(callEdges(pairs).map((e) => [e.source, e.target, e.selectable, e.deletable])).toEqual([
      ['boss', 'researcher', false, false],
      ['researcher', 'writer', false, false],
      ['delegate', 'writer', false, false],
    ]);
    expect(callEdges('')).toEqual([]);
  });
});
