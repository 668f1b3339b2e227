import { describe, expect, it } from 'vitest';
import { createBatcher, type Scheduler } from './event-batcher';

function manualScheduler() {
  const pending: Array<() => void> = [];
  const s: Scheduler = {
    request(cb) {
      pending.push(cb);
      return () => {
        const i = pending.indexOf(cb);
        if (i >= 0) pending.splice(i, 1);
      };
    },
  };
  return { s, pending, frame: () => pending.splice(0).forEach((cb) => cb()) };
}

describe('event batcher: one delivery per frame', () => {
  it('delivers 2,000 pushes in one batch at the next frame, in order', () => {
    const m = manualScheduler();
    const got: number[][] = [];
    const b = createBatcher<number>((batch) => got.push(batch), m.s);
    for (let i = 0; i < 2000; i++) b.push(i);
    expect(got).toEqual([]);
    expect(m.pending).toHaveLength(1);
    m.frame();
    expect(got).toHaveLength(1);
    expect(got[0]).toHaveLength(2000);
    expect(got[0][1999]).toBe(1999);
  });

  it('flush delivers at once and cancels the pending frame; an empty flush delivers nothing', () => {
    const m = manualScheduler();
    const got: string[][] = [];
    const b = createBatcher<string>((batch) => got.push(batch), m.s);
    b.flush();
    expect(got).toEqual([]);
    b.push('a');
    b.flush();
    expect(got).toEqual([['a']]);
    expect(m.pending).toHaveLength(0);
  });

  it('dispose drops the buffer so a closed stream delivers nothing late', () => {
    const m = manualScheduler();
    const got: string[][] = [];
    const b = createBatcher<string>((batch) => got.push(batch), m.s);
    b.push('a');
    b.dispose();
    m.frame();
    expect(got).toEqual([]);
  });

  it('spreads a burst over frames when capped, in order, without losing any', () => {
    const m = manualScheduler();
    const got: number[][] = [];
    const b = createBatcher<number>((batch) => got.push(batch), m.s, 300);
    for (let i = 0; i < 1000; i++) b.push(i);
    m.frame();
    expect(got.map((g) => g.length)).toEqual([300]);
    m.frame();
    m.frame();
    m.frame();
    expect(got.map((g) => g.length)).toEqual([300, 300, 300, 100]);
    expect(got.flat()).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    m.frame();
    expect(got).toHaveLength(4);
  });
});
