/**
 * Cost budgets (issue 13): each model call is priced (RunPorts.prices, else the shipped defaults of
 * lib/graph/prices.ts) and added to the run's usage; `limits.max_cost_usd` and
 * `limits.max_model_calls` stop the run with `budget_exceeded`, naming what was spent so far.
 */
import { costUsd, formatUsd, priceOf, roundUsd } from '../graph/prices';
import type { Limits } from '../graph/schema';
import { EngineError } from './errors';
import type { ChatResult, RunPorts } from './ports';
import type { Usage } from './scope';

/** USD of one model call, or undefined when the model has no known price. */
export function callCost(ports: RunPorts, connection: string, model: string, result: Pick<ChatResult, 'usage'>): number | undefined {
  const price = ports.prices ? ports.prices.price(connection, model) : priceOf(model);
  return price ? costUsd(price, result.usage.prompt_tokens, result.usage.completion_tokens) : undefined;
}

/** Adds one model call (its cost when known) to the run's usage. */
export function countCall(usage: Usage, cost: number | undefined): void {
  usage.model_calls = (usage.model_calls ?? 0) + 1;
  if (cost !== undefined) usage.cost_usd = roundUsd((usage.cost_usd ?? 0) + cost);
}

/** Adds one model call's tokens and cost (when known) to a usage: the run's, or a node's. */
export function addCall(usage: Usage, tokens: ChatResult['usage'], cost: number | undefined): void {
  usage.input_tokens += tokens.prompt_tokens;
  usage.output_tokens += tokens.completion_tokens;
  countCall(usage, cost);
}

/** node.finished's `usage` field: the node's own model calls, none when it made no call. */
export function usageField(usage: Usage): { usage?: Usage } {
  return usage.model_calls ? { usage: { ...usage } } : {};
}

/** Throws budget_exceeded once the run cost more than limits.max_cost_usd. */
export function checkCost(limits: Limits | undefined, usage: Usage): void {
  const max = limits?.max_cost_usd;
  const spent = usage.cost_usd ?? 0;
  if (max !== undefined && spent > max) {
    throw new EngineError(
      'budget_exceeded',
      `The run cost ${formatUsd(spent)} so far (${usage.model_calls ?? 0} model calls), more than limits.max_cost_usd (${formatUsd(max)}); raise limits.max_cost_usd in the graph`,
    );
  }
}

/** A cost limit from outside the graph (an API key's remaining monthly budget, lib/runtime/key-ceiling.ts). */
export interface CostCeiling {
  max_usd: number;
  /** What the limit is, for the error: "what is left ($0.40) of API key "ci"'s $1.00 monthly budget". */
  what: string;
}

/** Throws budget_exceeded once the run cost more than the ceiling. */
export function checkCeiling(ceiling: CostCeiling | undefined, usage: Usage): void {
  const spent = usage.cost_usd ?? 0;
  if (ceiling && spent > ceiling.max_usd) {
    throw new EngineError('budget_exceeded', `The run cost ${formatUsd(spent)} so far (${usage.model_calls ?? 0} model calls), more than ${ceiling.what}`);
  }
}

/** Before a model call: throws budget_exceeded when limits.max_model_calls are made already. */
export function checkCallBudget(limits: Limits | undefined, usage: Usage): void {
  const max = limits?.max_model_calls;
  const made = usage.model_calls ?? 0;
  if (max !== undefined && made >= max) {
    throw new EngineError(
      'budget_exceeded',
      `The run made ${made} model calls (cost so far ${formatUsd(usage.cost_usd ?? 0)}), the most limits.max_model_calls (${max}) allows; raise limits.max_model_calls in the graph`,
    );
  }
}
