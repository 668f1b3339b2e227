import { describe, expect, it } from 'vitest';
import { foldPoint } from './fold-text';

describe('folding long text for display', () => {
  it('does not fold short text', () => {
    expect(foldPoint('a\nb\nc')).toBeNull();
  });
  it('folds after the character limit', () => {
    expect(foldPoint('x'.repeat(2000))).toBe(1500);
    expect(foldPoint('x'.repeat(2000), 5000)).toBeNull();
  });
  it('folds at the line limit when that comes first', () => {
    const text = Array.from({ length: 50 }, (_, i) => `l${i}`).join('\n');
    const cut = foldPoint(text, 10_000, 10)!;
    expect(text.slice(0, cut).split('\n')).toHaveLength(10);
  });
});
