/**
 * Contracts of a graph's tests (/api/graphs/:id/tests): the stored YAML, and the results of a run
 * of them (per test, per assertion). The file format itself: lib/graph/test-schema.ts.
 */
import { z } from 'zod';

/** PUT /api/graphs/:id/tests: the test file's YAML (checked; 422 with every problem when invalid). */
export const PutGraphTestsBody = z.strictObject({ yaml: z.string().max(1_048_576) });
export type PutGraphTestsBody = z.infer<typeof PutGraphTestsBody>;

/** POST /api/graphs/:id/tests/run: runs the stored tests, or `yaml` when given (unsaved edits). */
export const RunGraphTestsBody = z.strictObject({ yaml: z.string().max(1_048_576).optional() });
export type RunGraphTestsBody = z.infer<typeof RunGraphTestsBody>;

export const GraphTestsView = z.object({
  graph_id: z.string(),
  /** The stored YAML; a starter file (not stored) when the graph has no tests yet. */
  yaml: z.string(),
  stored: z.boolean(),
  updated_at: z.string().nullable(),
});
export type GraphTestsView = z.infer<typeof GraphTestsView>;

export const AssertionResultView = z.object({ name: z.string(), expr: z.string(), passed: z.boolean(), message: z.string().optional() });
export type AssertionResultView = z.infer<typeof AssertionResultView>;

export const TestResultView = z.object({
  name: z.string(),
  passed: z.boolean(),
  status: z.enum(['succeeded', 'paused', 'failed', 'cancelled', 'rejected']),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  output: z.unknown(),
  usage: z.object({ input_tokens: z.number(), output_tokens: z.number(), total_tokens: z.number(), cost_usd: z.number(), model_calls: z.number() }),
  assertions: z.array(AssertionResultView),
  setup_error: z.string().optional(),
});
export type TestResultView = z.infer<typeof TestResultView>;

export const GraphTestRunResponse = z.object({ passed: z.number(), failed: z.number(), results: z.array(TestResultView) });
export type GraphTestRunResponse = z.infer<typeof GraphTestRunResponse>;
