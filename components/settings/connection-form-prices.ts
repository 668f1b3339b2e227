/**
 * The connection form's price table as data (cost, issue 13): rows "model → input $/1M, output
 * $/1M" and a "Free (local server)" toggle (`"*": "free"`), to and from the API's `prices`
 * (lib/graph/prices.ts). A price left empty takes the shipped default of that model (shown as the
 * field's placeholder); no rows and not free sends `null`: back to the shipped defaults.
 */
import { DEFAULT_PRICES, priceOf, type PriceTable } from '@/lib/graph/prices';

export interface PriceRow {
  id: number;
  model: string;
  /** USD per 1M tokens as typed (empty: the shipped default). */
  input: string;
  output: string;
}

export interface PriceValues {
  free: boolean;
  rows: PriceRow[];
}

let nextId = 1;
export const newPriceRow = (model = '', input = '', output = ''): PriceRow => ({ id: nextId++, model, input, output });

/** The model names that have a shipped price (for the model field's suggestions). */
export const PRICED_MODELS = Object.keys(DEFAULT_PRICES);

export function priceValues(table: PriceTable | null | undefined): PriceValues {
  const rows: PriceRow[] = [];
  let free = false;
  for (const [model, price] of Object.entries(table ?? {})) {
    if (model === '*' && price === 'free') free = true;
    else if (price === 'free') rows.push(newPriceRow(model, '0', '0'));
    else rows.push(newPriceRow(model, String(price.input), String(price.output)));
  }
  return { free, rows };
}

/** The shipped default for a row's model, for placeholders ('' when there is none). */
export function defaultPlaceholder(model: string, side: 'input' | 'output'): string {
  const price = model.trim() && model.trim() !== '*' ? priceOf(model.trim()) : null;
  return price ? String(price[side]) : '';
}

const filled = (rows: PriceRow[]) => rows.filter((r) => r.model.trim() || r.input.trim() || r.output.trim());

function amount(typed: string, model: string, side: 'input' | 'output'): number | string {
  const text = typed.trim() || defaultPlaceholder(model, side);
  if (!text) return `Give the ${side} price (no shipped default for “${model}”).`;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) return `The ${side} price is not a number of dollars ≥ 0.`;
  if (n > 100_000) return `The ${side} price is more than $100,000 per 1M tokens.`;
  return n;
}

/** Row problems by row id (empty model, bad or missing number, a model listed twice). */
export function checkPriceRows(rows: PriceRow[]): Record<number, string> {
  const out: Record<number, string> = {};
  const seen = new Set<string>();
  for (const r of filled(rows)) {
    const model = r.model.trim();
    if (!model) out[r.id] = 'Name the model (or * for every model).';
    else if (seen.has(model)) out[r.id] = `“${model}” is listed twice.`;
    else {
      const bad = [amount(r.input, model, 'input'), amount(r.output, model, 'output')].find((x) => typeof x === 'string');
      if (bad) out[r.id] = bad as string;
    }
    seen.add(model);
  }
  return out;
}

/** The API's `prices` (call checkPriceRows first): null when nothing is set. */
export function priceTable(v: PriceValues): PriceTable | null {
  const table: PriceTable = {};
  for (const r of filled(v.rows)) {
    const model = r.model.trim();
    const input = amount(r.input, model, 'input');
    const output = amount(r.output, model, 'output');
    if (typeof input === 'number' && typeof output === 'number') table[model] = { input, output };
  }
  if (v.free) table['*'] = 'free';
  return Object.keys(table).length ? table : null;
}

/** The row an API issue path (`prices.<model>.input`) is about. */
export function priceRowOf(path: string, rows: PriceRow[]): PriceRow | undefined {
  const rest = path.replace(/^prices\.?/, '').replace(/\.(input|output)$/, '');
  return rows.find((r) => r.model.trim() === rest);
}
