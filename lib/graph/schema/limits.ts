/** `limits:` and `layout:` — the run's limits and the canvas positions. */
import { z } from 'zod';

/** Ranges are checked by validation (with a clear message), not here, so a bad value still loads. */
export const Limits = z.strictObject({
  recursion_limit: z.number().int().optional(),
  timeout_s: z.number().optional(),
  max_tokens: z.number().int().optional(),
  /** Most USD the run's model calls may cost (priced per connection and model, lib/graph/prices.ts). */
  max_cost_usd: z.number().optional(),
  /** Most model calls the run may make. */
  max_model_calls: z.number().int().optional(),
});
export type Limits = z.infer<typeof Limits>;

export const Position = z.strictObject({ x: z.number().finite(), y: z.number().finite() });
export const Layout = z.record(z.string().max(64), Position);
