import { describe, expect, it } from 'vitest';
import { checkPriceRows, defaultPlaceholder, newPriceRow, priceTable, priceValues } from './connection-form-prices';

describe('connection form prices', () => {
  it('reads a saved table into rows and the free toggle, and writes it back', () => {
    const v = priceValues({ 'gpt-4o': { input: 1, output: 2 }, '*': 'free', 'my-model': 'free' });
    expect(v.free).toBe(true);
    expect(v.rows.map((r) => [r.model, r.input, r.output])).toEqual([
      ['gpt-4o', '1', '2'],
      ['my-model', '0', '0'],
    ]);
    expect(priceTable(v)).toEqual({ 'gpt-4o': { input: 1, output: 2 }, 'my-model': { input: 0, output: 0 }, '*': 'free' });
  });

  it('nothing set is null (the shipped defaults); an empty price takes the shipped default shown as placeholder', () => {
    expect(priceTable(priceValues(null))).toBeNull();
    expect(priceTable({ free: false, rows: [newPriceRow()] })).toBeNull();
    expect(defaultPlaceholder('gpt-4o-mini', 'input')).toBe('0.15');
    expect(defaultPlaceholder('gpt-4o-mini-2024-07-18', 'output')).toBe('0.6');
    expect(defaultPlaceholder('llama3', 'input')).toBe('');
    expect(priceTable({ free: false, rows: [newPriceRow('gpt-4o-mini', '', '1')] })).toEqual({ 'gpt-4o-mini': { input: 0.15, output: 1 } });
  });

  it('flags a row without a model, a bad number, a missing price with no default and a model listed twice', () => {
    const rows = [newPriceRow('', '1', '1'), newPriceRow('a', '-1', '1'), newPriceRow('llama3', '1', ''), newPriceRow('x', '1', '1'), newPriceRow('x', '2', '2')];
    const errors = checkPriceRows(rows);
    expect(errors[rows[0].id]).toMatch(/Name the model/);
    expect(errors[rows[1].id]).toMatch(/input price is not a number/);
    expect(errors[rows[2].id]).toMatch(/output price \(no shipped default/);
    expect(errors[rows[3].id]).toBeUndefined();
    expect(errors[rows[4].id]).toMatch(/listed twice/);
  });
});
