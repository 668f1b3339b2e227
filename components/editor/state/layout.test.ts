import { describe, expect, it } from 'vitest';
import { freeSpot, GRID, layeredPositions, ROLE_NODE_SIZE } from './layout';

describe('freeSpot: where a clicked role lands', () => {
  const startEnd = [
    { id: 'START', type: 'terminal', position: { x: 60, y: 0 } },
    { id: 'END', type: 'terminal', position: { x: 60, y: 160 } },
  ];

  it('keeps the asked spot when nothing is there', () => {
    expect(freeSpot(startEnd, { x: 600, y: 400 })).toEqual({ x: 608, y: 400 });
  });

  it('moves off START and END instead of covering them', () => {
    const at = freeSpot(startEnd, { x: 0, y: 40 });
    const overlaps = (n: (typeof startEnd)[number]) => at.x < n.position.x + 120 && n.position.x < at.x + 240 && at.y < n.position.y + 40 && n.position.y < at.y + 96;
    expect(startEnd.some(overlaps)).toBe(false);
  });

  it('a second and third click do not stack on the first', () => {
    const nodes: Array<{ id: string; type: string; position: { x: number; y: number } }> = [...startEnd];
    const spots = [0, 1, 2].map(() => {
      const p = freeSpot(nodes, { x: 0, y: 40 });
      nodes.push({ id: `n${nodes.length}`, type: 'agent', position: p });
      return `${p.x},${p.y}`;
    });
    expect(new Set(spots).size).toBe(3);
  });
});

describe('freeSpot: where a dropped role lands', () => {
  type N = { id: string; type: string; position: { x: number; y: number }; measured?: { width?: number; height?: number } };
  const agent: N = { id: 'agent', type: 'agent', position: { x: 400, y: 320 } };
  const covers = (p: { x: number; y: number }, n: N, size = { width: 240, height: 96 }) => {
    const w = n.measured?.width ?? (n.type === 'terminal' ? 120 : 240);
    const h = n.measured?.height ?? (n.type === 'terminal' ? 40 : 96);
    return p.x < n.position.x + w && n.position.x < p.x + size.width && p.y < n.position.y + h && n.position.y < p.y + size.height;
  };

  it('stays exactly under the cursor (snapped) when nothing is there', () => {
    expect(freeSpot([agent], { x: 1000, y: 35 })).toEqual({ x: 1008, y: 32 });
  });

  it('a drop that overlaps a node is nudged just clear of it, not a whole step away', () => {
    const p = freeSpot([agent], { x: 560, y: 336 });
    expect(covers(p, agent)).toBe(false);
    // The right side of the agent (400 + 240 + a 16px gap) is the smallest move; y is kept.
    expect(p).toEqual({ x: 656, y: 336 });
  });

  it('a drop mostly below a node moves down, keeping x', () => {
    const p = freeSpot([agent], { x: 400, y: 380 });
    expect(p).toEqual({ x: 400, y: 432 });
    expect(covers(p, agent)).toBe(false);
  });

  it("uses the existing node's measured size and snaps outward to the grid", () => {
    const wide = { ...agent, measured: { width: 301, height: 96 } };
    const p = freeSpot([wide], { x: 600, y: 336 });
    expect(p).toEqual({ x: 720, y: 336 });
    expect(covers(p, wide)).toBe(false);
  });

  it('a nudge next to one node never lands on its neighbour', () => {
    const right: N = { id: 'right', type: 'router', position: { x: 656, y: 320 } };
    const p = freeSpot([agent, right], { x: 560, y: 336 });
    expect(covers(p, agent) || covers(p, right)).toBe(false);
  });

  it('sizes the dropped node as asked (a terminal is smaller than a role)', () => {
    const end: N = { id: 'END', type: 'terminal', position: { x: 0, y: 0 } };
    const small = { width: 120, height: 40 };
    const p = freeSpot([end], { x: 100, y: 0 }, small);
    expect(covers(p, end, small)).toBe(false);
    // 0 + 120 + 16 = 136, rounded up to the grid so the gap stays whole.
    expect(p).toEqual({ x: 144, y: 0 });
  });

  it('falls back to the snapped drop point when no spot nearby is free', () => {
    const wall: N = { id: 'wall', type: 'agent', position: { x: -10000, y: -10000 }, measured: { width: 20000, height: 20000 } };
    expect(freeSpot([wall], { x: 5, y: 5 })).toEqual({ x: 0, y: 0 });
  });
});

describe('layeredPositions (a document without a layout block)', () => {
  const T = (id: string) => ({ id, terminal: true });
  const R = (id: string) => ({ id, terminal: false });
  it('rows by distance from START, END last, side by side without overlap, unreachable nodes below', () => {
    const p = layeredPositions({
      nodes: [T('START'), R('a'), R('b'), R('c'), R('lost'), T('END')],
      edges: [
        { source: 'START', target: 'a' },
        { source: 'a', target: 'b' },
        { source: 'a', target: 'c' },
        { source: 'b', target: 'a' },
        { source: 'c', target: 'END' },
      ],
    });
    const y = (id: string) => p.get(id)!.y;
    expect(y('START')).toBeLessThan(y('a'));
    expect(y('a')).toBeLessThan(y('b'));
    expect(y('b')).toBe(y('c'));
    expect(Math.abs(p.get('b')!.x - p.get('c')!.x)).toBeGreaterThanOrEqual(ROLE_NODE_SIZE.width);
    expect(y('lost')).toBeGreaterThan(y('c'));
    expect(y('END')).toBeGreaterThan(y('lost'));
    for (const { x, y: yy } of p.values()) expect(Math.abs(x % GRID) + Math.abs(yy % GRID)).toBe(0);
  });
});
