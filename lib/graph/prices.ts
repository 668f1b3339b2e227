/**
 * Model prices (cost, issue 13): USD per 1M input and output tokens. Shipped defaults cover common
 * OpenAI models; a connection may carry its own table (Settings, the connections' `prices`), where
 * `"*"` is every model of the connection and `"free"` a price of zero (local servers).
 * Pure: the engine prices each model call through RunPorts.prices, which falls back to these.
 */
import { z } from 'zod';

export const ModelPrice = z.strictObject({
  /** USD per 1M input (prompt) tokens. */
  input: z.number().min(0).max(100_000),
  /** USD per 1M output (completion) tokens. */
  output: z.number().min(0).max(100_000),
});
export type ModelPrice = z.infer<typeof ModelPrice>;

/** A connection's prices: model name (or `*` for all) -> a price or `free`. */
export const PriceTable = z.record(z.string().min(1).max(200), z.union([ModelPrice, z.literal('free')]));
export type PriceTable = z.infer<typeof PriceTable>;

export const FREE: ModelPrice = Object.freeze({ input: 0, output: 0 });

/** OpenAI list prices (standard tier, USD per 1M tokens). A dated snapshot matches its base name. */
export const DEFAULT_PRICES: Readonly<Record<string, ModelPrice>> = Object.freeze({
  'gpt-5': { input: 1.25, output: 10 },
  'gpt-5-mini': { input: 0.25, output: 2 },
  'gpt-5-nano': { input: 0.05, output: 0.4 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4-turbo': { input: 10, output: 30 },
  'gpt-4': { input: 30, output: 60 },
  'gpt-3.5-turbo': { input: 0.5, output: 1.5 },
  o1: { input: 15, output: 60 },
  'o1-mini': { input: 1.1, output: 4.4 },
  o3: { input: 2, output: 8 },
  'o3-mini': { input: 1.1, output: 4.4 },
  'o4-mini': { input: 1.1, output: 4.4 },
});

/** The entry of `table` for `model`: exact name, else the longest name it starts with followed by `-`. */
function lookup<T>(table: Readonly<Record<string, T>>, model: string): T | undefined {
  if (Object.hasOwn(table, model)) return table[model];
  let best: string | undefined;
  for (const name of Object.keys(table)) {
    if (model.startsWith(`${name}-`) && (!best || name.length > best.length)) best = name;
  }
  return best === undefined ? undefined : table[best];
}

/**
 * The price of `model`: the connection's table (the model, then `*`), then the shipped defaults;
 * null when nothing is known (the call's cost is not counted).
 */
export function priceOf(model: string, table?: PriceTable | null): ModelPrice | null {
  if (table) {
    const own = lookup(table, model) ?? (Object.hasOwn(table, '*') ? table['*'] : undefined);
    if (own !== undefined) return own === 'free' ? FREE : own;
  }
  return lookup(DEFAULT_PRICES, model) ?? null;
}

/** USD for one call, rounded to a billionth of a dollar (no float dust in traces). */
export function costUsd(price: ModelPrice, inputTokens: number, outputTokens: number): number {
  return roundUsd((inputTokens * price.input + outputTokens * price.output) / 1_000_000);
}

export function roundUsd(usd: number): number {
  return Math.round(usd * 1e9) / 1e9;
}

/** `$0.0012` style for messages and the terminal (6 decimals at most, trailing zeros cut to 2). */
export function formatUsd(usd: number): string {
  return `$${usd.toFixed(6).replace(/(\.\d\d\d*?)0+$/, '$1')}`;
}
