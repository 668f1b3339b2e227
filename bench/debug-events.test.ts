import { describe, expect, it } from 'vitest';
import { syntheticRun } from './debug-events';
import { applyEvents } from '../components/debug/run-reducer';
import { emptyRunView } from '../components/debug/run-view';

describe('bench trace generator', () => {
  it('makes exactly 2,000 events in seq order that end the run', () => {
    const ev = syntheticRun('b', 2000);
    expect(ev).toHaveLength(2000);
    expect(ev.map((e) => e.seq)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    const v = applyEvents(emptyRunView('b'), ev);
    expect(v.status).toBe('succeeded');
    expect(Object.values(v.nodeStatus).every((s) => s === 'done')).toBe(true);
  });
});
