import { describe, expect, it } from 'vitest';
import { freeSpot } from './layout';

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
