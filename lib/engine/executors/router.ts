/**
 * The router role. mode cel: a no-op; its conditional edge decides. mode llm: the model picks one
 * of the labels of its branches (branch `label`, else the target id) and says why in one line;
 * the scheduler takes the branch with that label. A label that is not offered gets one retry.
 */
import type { NodeOf } from '../../graph/schema';
import { isConditional } from '../../graph/schema';
import { branchLabels } from '../edges';
import { EngineError } from '../errors';
import { historyBlock } from '../history';
import { chat } from '../llm';
import type { ChatMessage } from '../ports';
import type { ExecContext, NodeResult } from '../scope';
import { taskText } from './common';
import { structuredOutput } from '../structured';

const ROUTER_SYSTEM = 'You are a router. Read the input and pick the one label that fits it best.';

export function parseChoice(text: string, labels: string[]): { label?: string; got: string; reason: string } {
  // Tolerates markdown around the keys, e.g. "**Label:** `tech`".
  const labelLine = /^[\s*_#>-]*label[\s*_]*:[\s*_]*(.+)$/im.exec(text)?.[1] ?? text.trim().split('\n')[0] ?? '';
  const got = labelLine.trim().replace(/^[`"'*]+|[`"'*.]+$/g, '').trim();
  const reason = (/^[\s*_#>-]*reason[\s*_]*:[\s*_]*(.+)$/im.exec(text)?.[1] ?? '').trim();
  const label = labels.find((l) => l.toLowerCase() === got.toLowerCase());
  return { label, got, reason };
}

export async function runRouter(node: NodeOf<'router'>, ctx: ExecContext): Promise<NodeResult> {
  if ((node.mode ?? 'cel') === 'cel') return { update: {}, output: null };
  const edge = ctx.scope.doc.edges.find((e) => e.from === ctx.nodeId && isConditional(e));
  if (!edge || !isConditional(edge)) throw new EngineError('no_branch', `Router "${ctx.nodeId}" (mode llm) has no conditional edge whose branches it could choose from`);
  const labels = branchLabels(edge);
  const task = taskText(ctx);
  const messages: ChatMessage[] = [
    { role: 'system', content: node.prompt ?? ROUTER_SYSTEM },
    {
      role: 'user',
      content:
        `Choose exactly one of these labels: ${labels.join(', ')}.\nAnswer in two lines:\nLabel: <one of the labels>\nReason: <one line saying why>\n\n` +
        `${historyBlock(ctx, task)}Input:\n${task}`,
    },
  ];
  if (node.output_schema) return structuredRoute(ctx, node.output_schema, messages, labels, node.output);
  const tried: string[] = [];
  for (let attempt = 1; attempt <= 2; attempt++) {
    const res = await chat(ctx, { messages });
    const text = res.message.content ?? '';
    const choice = parseChoice(text, labels);
    if (choice.label !== undefined) {
      const output = { label: choice.label, reason: choice.reason };
      return { update: node.output ? { [node.output]: output } : {}, output, route: output };
    }
    tried.push(choice.got);
    messages.push(
      { role: 'assistant', content: text },
      { role: 'user', content: `"${choice.got}" is not one of the labels. Answer again with "Label: " and exactly one of: ${labels.join(', ')}, then "Reason: ".` },
    );
  }
  throw new EngineError(
    'router_invalid_label',
    `Router "${ctx.nodeId}": the model answered ${tried.map((t) => JSON.stringify(t)).join(' and then ')}, which are not among its labels (${labels.join(', ')})`,
  );
}

/**
 * With `output_schema`: the classifier answers a JSON object of that schema whose `label` is one of
 * the branch labels (its `reason`, if any, is the route's reason); the whole object is the output.
 */
async function structuredRoute(ctx: ExecContext, schema: Record<string, unknown>, base: ChatMessage[], labels: string[], channel: string | undefined): Promise<NodeResult> {
  const structured = await structuredOutput(ctx, schema);
  const messages = structured.prepare([
    base[0],
    { role: 'user', content: `${base[1].content}\n\nAnswer with a JSON object whose "label" is exactly one of: ${labels.join(', ')}.` },
  ]);
  const res = await chat(ctx, { messages, ...(structured.responseFormat ? { response_format: structured.responseFormat } : {}) });
  const { value } = await structured.finish(res.message.content ?? '', messages);
  const obj = (value && typeof value === 'object' ? value : {}) as { label?: unknown; reason?: unknown };
  const label = labels.find((l) => typeof obj.label === 'string' && l.toLowerCase() === obj.label.toLowerCase());
  if (label === undefined) {
    throw new EngineError('router_invalid_label', `Router "${ctx.nodeId}": the model's JSON names label ${JSON.stringify(obj.label ?? null)}, which is not among its labels (${labels.join(', ')})`);
  }
  const route = { label, reason: typeof obj.reason === 'string' ? obj.reason : '' };
  return { update: channel ? { [channel]: value } : {}, output: value, route };
}
