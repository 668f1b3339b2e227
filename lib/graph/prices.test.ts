import { describe, expect, it } from 'vitest';
import { costUsd, formatUsd, priceOf } from './prices';

describe('model prices', () => {
  it('finds shipped prices by name and dated snapshot, the longest name first', () => {
    expect(priceOf('gpt-4o-mini')).toEqual({ input: 0.15, output: 0.6 });
    expect(priceOf('gpt-4o-mini-2024-07-18')).toEqual({ input: 0.15, output: 0.6 });
    expect(priceOf('gpt-4o-2024-08-06')).toEqual({ input: 2.5, output: 10 });
    expect(priceOf('llama3.1:8b')).toBeNull();
  });
  it('prefers the connection table: the model, then *, and "free"', () => {
    expect(priceOf('gpt-4o', { 'gpt-4o': { input: 1, output: 2 } })).toEqual({ input: 1, output: 2 });
    expect(priceOf('llama3', { '*': 'free' })).toEqual({ input: 0, output: 0 });
    expect(priceOf('gpt-4o', { other: 'free' })).toEqual({ input: 2.5, output: 10 });
  });
  it('computes and formats USD', () => {
    expect(costUsd({ input: 0.15, output: 0.6 }, 1000, 1000)).toBe(0.00075);
    expect(formatUsd(0.0015)).toBe('$0.0015');
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatUsd(0)).toBe('$0.00');
  });
});
