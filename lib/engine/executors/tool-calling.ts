/**
 * Native function calling (seed 002): call the model with the tools; run every tool call it makes
 * (tool.call / tool.result), feed the results back as tool messages, and loop until it answers.
 * Exit conditions: 'text' (a reply without tool calls), { tool } (right after that tool ran: its
 * result is the output), { when: CEL } (over { state, messages, last, output } after each model
 * turn and its tool calls). A reply without tool calls always ends the loop: nothing is left to do.
 * Unknown tools, malformed argument JSON and tool errors are reported back to the model.
 * `toolCallingLoop` is reused by the supervisor and the plan executor.
 */
import { DEFAULTS } from '../../graph/defaults';
import { evaluateCondition } from '../../graph/cel';
import type { ExitCondition, NodeOf } from '../../graph/schema';
import type { PendingToolCall } from '../../contracts/trace';
import { EngineError, InterruptRequest } from '../errors';
import { journalPointer } from '../journal';
import { chat, wholeAnswer } from '../llm';
import type { ChatMessage, ChatRequest, ToolCall } from '../ports';
import { emitFrom, type ExecContext, type NodeResult } from '../scope';
import { runTool, type ToolBinding } from '../tool-runner';
import { bindToolFunctions } from '../function-tools';
import { answer, conversation, maxStepsError } from './common';
import { structuredOutput } from '../structured';

export interface LoopOptions {
  messages: ChatMessage[];
  tools: ToolBinding[];
  maxSteps: number;
  exit?: ExitCondition;
  /** The model's text is the node's answer (marked so in llm.delta). */
  answer?: boolean;
  /** Sent with the loop's first model call only (`required` or one named function). */
  firstToolChoice?: ChatRequest['tool_choice'];
  /** Structured output (structured.ts): sent with every model call of the loop. */
  responseFormat?: ChatRequest['response_format'];
}

export interface LoopResult {
  /** The final text (the tool result for a { tool } exit). */
  text: string;
  output: unknown;
  /** The whole conversation of the loop, including tool calls and results. */
  messages: ChatMessage[];
  exit: 'text' | 'tool' | 'when';
}

function parseArgs(call: ToolCall): { ok: true; args: Record<string, unknown> } | { ok: false; error: string } {
  const raw = call.function.arguments?.trim() || '{}';
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    return { ok: false, error: `the arguments for "${call.function.name}" are not valid JSON (${(err as Error).message}); send a JSON object matching the tool's parameters` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: `the arguments for "${call.function.name}" must be a JSON object, got ${raw.slice(0, 100)}` };
  }
  return { ok: true, args: value as Record<string, unknown> };
}

/** Reports a call that never reached a tool (unknown name, bad JSON) in the trace and to the model. */
function rejectCall(ctx: ExecContext, call: ToolCall, error: string): string {
  const span = ctx.scope.ports.newId();
  emitFrom(ctx, 'tool.call', { tool: call.function.name, type: 'unknown', args: call.function.arguments, tool_call_id: call.id }, span);
  emitFrom(ctx, 'tool.result', { tool: call.function.name, output: '', error, latency_ms: 0 }, span);
  return `Error: ${error}`;
}

export async function toolCallingLoop(ctx: ExecContext, opts: LoopOptions): Promise<LoopResult> {
  const exit = opts.exit ?? 'text';
  const msgs = opts.messages.map((m) => ({ ...m }));
  const byName = new Map(opts.tools.map((t) => [t.name, t]));
  const defs = opts.tools.map((t) => t.definition);
  const available = opts.tools.map((t) => t.name).join(', ') || 'none';

  for (let turn = 1; turn <= opts.maxSteps; turn++) {
    const toolChoice = turn === 1 ? opts.firstToolChoice : undefined;
    const res = await chat(ctx, {
      messages: msgs,
      tools: defs,
      answer: opts.answer ? wholeAnswer : undefined,
      ...(toolChoice ? { tool_choice: toolChoice } : {}),
      ...(opts.responseFormat ? { response_format: opts.responseFormat } : {}),
    });
    const calls = res.message.tool_calls ?? [];
    const text = res.message.content ?? '';
    msgs.push(calls.length ? { role: 'assistant', content: res.message.content, tool_calls: calls } : { role: 'assistant', content: text });
    if (!calls.length) return { text, output: text, messages: msgs, exit: 'text' };

    let lastResult: string | undefined;
    // Client tools (the API caller's) of one reply pause together, after the other calls ran.
    const forClient: PendingToolCall[] = [];
    for (const call of calls) {
      const binding = byName.get(call.function.name);
      let content: string;
      let failed = true;
      if (!binding) {
        content = rejectCall(ctx, call, `unknown tool "${call.function.name}"; the available tools are: ${available}`);
      } else {
        const parsed = parseArgs(call);
        if (!parsed.ok) content = rejectCall(ctx, call, parsed.error);
        else {
          let out;
          try {
            out = await runTool(ctx, binding, parsed.args, { tool_call_id: call.id });
          } catch (err) {
            if (!(err instanceof InterruptRequest) || err.interrupt.answered_by !== 'client') throw err;
            forClient.push(...(err.interrupt.tool_calls ?? []));
            continue;
          }
          failed = out.error !== undefined;
          content = failed ? `Error: ${out.error}` : out.output;
        }
      }
      msgs.push({ role: 'tool', tool_call_id: call.id, content });
      lastResult = content;
      if (typeof exit === 'object' && 'tool' in exit && exit.tool === call.function.name && !failed) {
        return { text: content, output: content, messages: msgs, exit: 'tool' };
      }
    }
    if (forClient.length) {
      const names = [...new Set(forClient.map((c) => c.name))].join(', ');
      throw new InterruptRequest({ kind: 'tool', node: ctx.nodeId, prompt: `The caller runs ${names}`, tool_calls: forClient, answered_by: 'client' }, journalPointer(ctx));
    }
    if (typeof exit === 'object' && 'when' in exit) {
      const output = lastResult ?? text;
      let done: boolean;
      try {
        done = evaluateCondition(exit.when, { state: ctx.state, messages: msgs, last: text, output });
      } catch (err) {
        throw new EngineError('cel_error', `Node "${ctx.nodeId}" exit.when: ${(err as Error).message}`);
      }
      if (done) {
        const final = text || output;
        return { text: final, output: final, messages: msgs, exit: 'when' };
      }
    }
  }
  throw maxStepsError(ctx, opts.maxSteps, 'without a final answer');
}

/** The run's `tool_choice` (an API caller's) applies to its entry agent's first model call: this node, run by the scheduler in step 1. */
function runToolChoice(ctx: ExecContext): ChatRequest['tool_choice'] {
  const given = ctx.scope.toolChoice;
  return given && given.node === ctx.nodeId && ctx.callDepth === 0 && ctx.scope.step() === 1 ? given.choice : undefined;
}

export async function runToolCallingAgent(node: NodeOf<'agent'>, ctx: ExecContext): Promise<NodeResult> {
  // `output_schema` (structured.ts): the schema goes with every call, or into the prompt.
  const structured = node.output_schema ? await structuredOutput(ctx, node.output_schema) : undefined;
  const messages = conversation(ctx, node.system_prompt);
  const result = await toolCallingLoop(ctx, {
    messages: structured ? structured.prepare(messages) : messages,
    tools: await bindToolFunctions(ctx, node.tools ?? []),
    maxSteps: node.max_steps ?? DEFAULTS.max_steps,
    exit: node.exit,
    answer: !structured,
    firstToolChoice: runToolChoice(ctx),
    ...(structured?.responseFormat ? { responseFormat: structured.responseFormat } : {}),
  });
  if (structured) {
    const parsed = await structured.finish(result.text, result.messages.slice(0, -1));
    return answer(ctx, parsed.text, parsed.value);
  }
  return answer(ctx, result.text, result.output);
}
