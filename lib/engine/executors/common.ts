/** Small helpers shared by executors: a node's task text, the state writes of a final answer. */
import { evaluateCel } from '../../graph/cel';
import { EngineError } from '../errors';
import type { ChatMessage } from '../ports';
import type { ExecContext, NodeResult } from '../scope';
import { historyFor, historyMode } from '../history';
import { lastContent, lastUserText } from '../state';
import { outputText } from '../tool-runner';

/** Variables CEL expressions of a node see. */
function celVars(ctx: ExecContext, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { state: ctx.state, last: lastContent(ctx.state), node: ctx.nodeId, ...extra };
}

export function evalNodeCel(ctx: ExecContext, field: string, expr: string, extra: Record<string, unknown> = {}): unknown {
  try {
    return evaluateCel(expr, celVars(ctx, extra));
  } catch (err) {
    throw new EngineError('cel_error', `Node "${ctx.nodeId}" ${field}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * The task of a node: its worker task when called by a supervisor / as a tool, else its `input`
 * CEL expression, else the last user message (or `state.input`).
 */
export function taskText(ctx: ExecContext): string {
  if (ctx.task !== undefined) return ctx.task;
  const expr = 'input' in ctx.node ? ctx.node.input : undefined;
  if (expr) return outputText(evalNodeCel(ctx, 'input', expr));
  return lastUserText(ctx.state);
}

/**
 * The conversation a chat node sends: just the task when it runs as a worker; otherwise the
 * conversation as this node sees it (history.ts: authors, its `history` setting), plus the node's
 * `input` as a user message when it has one (with `history: none` and no `input`, its task).
 */
export function conversation(ctx: ExecContext, systemPrompt: string | undefined): ChatMessage[] {
  const out: ChatMessage[] = systemPrompt ? [{ role: 'system', content: systemPrompt }] : [];
  if (ctx.task !== undefined) return [...out, { role: 'user', content: ctx.task }];
  out.push(...historyFor(ctx));
  const expr = 'input' in ctx.node ? ctx.node.input : undefined;
  if (expr) out.push({ role: 'user', content: outputText(evalNodeCel(ctx, 'input', expr)) });
  else if (historyMode(ctx) === 'none') out.push({ role: 'user', content: lastUserText(ctx.state) });
  return out;
}

/**
 * A final answer: appended to messages as an assistant message signed with the node id (`name`),
 * and written to `output` if set (then it is not the run's answer; see scheduler.ts).
 */
export function answer(ctx: ExecContext, text: string, output: unknown = text, more: Record<string, unknown> = {}): NodeResult {
  const message: ChatMessage = { role: 'assistant', name: ctx.nodeId, content: text };
  const update: Record<string, unknown> = { ...more, messages: [message] };
  const channel = 'output' in ctx.node ? ctx.node.output : undefined;
  if (channel) update[channel] = output;
  return { update, output };
}

export function maxStepsError(ctx: ExecContext, maxSteps: number, what: string): EngineError {
  return new EngineError(
    'max_steps',
    `Node "${ctx.nodeId}" reached max_steps (${maxSteps}) ${what}; raise max_steps on the node (at most 100) or simplify the task`,
  );
}
