import { describe, expect, it } from 'vitest';
import type { RunView } from '@/lib/contracts/runs';
import { familyOrder, lineageLabel } from './run-family';

function run(id: string, created: number, parent?: string, origin?: 'fork' | 'replay', step?: number): RunView {
  return {
    id,
    graph_id: 'g',
    graph_name: 'g',
    status: 'succeeded',
    source: 'ui',
    input: '',
    inputs: null,
    breakpoints: null,
    output: null,
    error: null,
    usage: null,
    created_at: new Date(created).toISOString(),
    started_at: null,
    finished_at: null,
    duration_ms: null,
    parent_run_id: parent ?? null,
    forked_from_step: step ?? null,
    origin: origin ?? null,
  };
}

describe('run families', () => {
  it('lists each run with its forks and replays under it, newest first, and orphans as roots', () => {
    const rows = familyOrder([
      run('a', 1),
      run('b', 2),
      run('a-fork', 3, 'a', 'fork', 2),
      run('a-fork-replay', 5, 'a-fork', 'replay', 2),
      run('a-replay', 4, 'a', 'replay'),
      run('orphan', 6, 'deleted', 'fork', 1),
    ]);
    expect(rows.map((r) => `${r.depth}:${r.run.id}`)).toEqual(['0:orphan', '0:b', '0:a', '1:a-replay', '1:a-fork', '2:a-fork-replay']);
  });

  it('labels forks and replays with their parent and step', () => {
    expect(lineageLabel(run('x', 1, '0123456789', 'fork', 2))).toBe('fork of 01234567 @ step 2');
    expect(lineageLabel(run('x', 1, '0123456789', 'replay'))).toBe('replay of 01234567');
    expect(lineageLabel(run('x', 1))).toBeNull();
  });
});
