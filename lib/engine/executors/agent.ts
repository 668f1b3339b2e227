/** The agent role: dispatches on its strategy (a missing strategy is a compile error). */
import { DEFAULTS } from '../../graph/defaults';
import type { AgentStrategy, NodeOf } from '../../graph/schema';
import type { ExecContext, NodeResult } from '../scope';
import { chat } from '../llm';
import type { ChatMessage } from '../ports';
import { structuredOutput } from '../structured';
import { outputText } from '../tool-runner';
import { answer } from './common';
import { runPlanExecuteAgent } from './plan-execute';
import { runReactAgent } from './react';
import { runToolCallingAgent } from './tool-calling';

const STRATEGIES: Record<AgentStrategy, (node: NodeOf<'agent'>, ctx: ExecContext) => Promise<NodeResult>> = {
  react: runReactAgent,
  tool_calling: runToolCallingAgent,
  plan_execute: runPlanExecuteAgent,
};

export async function runAgent(node: NodeOf<'agent'>, ctx: ExecContext): Promise<NodeResult> {
  const strategy = node.strategy ?? DEFAULTS.strategy;
  const result = await STRATEGIES[strategy](node, ctx);
  // tool_calling asks for the schema in its loop; the others' final answer is turned into it here.
  if (!node.output_schema || strategy === 'tool_calling') return result;
  const structured = await structuredOutput(ctx, node.output_schema);
  const text = outputText(result.output);
  const ask: ChatMessage[] = structured.prepare([
    { role: 'system', content: 'You turn an answer into the JSON object the caller needs, keeping its content.' },
    { role: 'user', content: `The answer:\n${text}` },
  ]);
  const first = await chat(ctx, { messages: ask, purpose: 'structure', ...(structured.responseFormat ? { response_format: structured.responseFormat } : {}) });
  const parsed = await structured.finish(first.message.content ?? '', ask);
  const shaped = answer(ctx, parsed.text, parsed.value);
  return { ...result, update: { ...result.update, ...shaped.update }, output: shaped.output };
}
