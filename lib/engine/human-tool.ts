/**
 * Tools someone outside the run answers. A `human` tool (seed 002 "human feedback as a tool")
 * asks a person `question`; a `client` tool (the caller's tools of a chat completions request) is
 * run by the API caller. Either call pauses the run (interrupt kind 'tool' naming the call); on
 * resume the node runs again, its earlier calls replayed (replay.ts), and the paused call returns
 * the answer: `tool_outputs[i].output` for its call id, else (a human tool) the resume's `value`.
 */
import type { PendingToolCall } from '../contracts/trace';
import type { ToolSpec } from '../graph/schema';
import { stepCounters } from './attempt-keys';
import { InterruptRequest } from './errors';
import type { ExecContext } from './scope';
import type { ToolBinding, ToolOutcome } from './tool-binding';

/** The call id of a call the model gave none (react's Action): derived from its attempt key. */
export function pausedCallId(attemptKey: string): string {
  return `call_${attemptKey.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}


function answerFor(ctx: ExecContext, callId: string, human: boolean): string | undefined {
  const r = ctx.resume;
  if (r?.action !== 'answer') return undefined;
  const out = r.tool_outputs?.find((o) => o.tool_call_id === callId);
  if (out) return out.output;
  // The resume's `value` answers one human question per resume (counted in the run's scope).
  const answered = stepCounters(ctx).answered;
  if (human && r.value !== undefined && !answered.has(ctx)) {
    answered.add(ctx);
    return r.value;
  }
  return undefined;
}

function pause(ctx: ExecContext, call: PendingToolCall, by: 'human' | 'client', prompt: string): never {
  throw new InterruptRequest({ kind: 'tool', node: ctx.nodeId, prompt, tool_calls: [call], answered_by: by });
}

function argsText(args: unknown): string {
  return typeof args === 'string' ? JSON.stringify({ input: args }) : JSON.stringify(args ?? {});
}

export function humanTool(ctx: ExecContext, id: string, spec: Extract<ToolSpec, { type: 'human' }>): ToolBinding {
  const description = spec.description ?? 'Ask a person a question; their answer is the result.';
  return {
    name: id,
    type: 'human',
    description,
    definition: {
      type: 'function',
      function: {
        name: id,
        description,
        parameters: { type: 'object', properties: { question: { type: 'string', description: 'The question for the person.' } }, required: ['question'] },
      },
    },
    async invoke(args, _span, _activity, callId): Promise<ToolOutcome> {
      const answer = answerFor(ctx, callId, true);
      if (answer !== undefined) return { output: answer };
      const a = args as Record<string, unknown> | string | null;
      const question = typeof a === 'string' ? a : typeof a?.question === 'string' ? a.question : argsText(a);
      return pause(ctx, { id: callId, name: id, arguments: argsText(args) }, 'human', question);
    },
  };
}

export function clientTool(ctx: ExecContext, id: string, spec: Extract<ToolSpec, { type: 'client' }>): ToolBinding {
  const description = spec.description ?? '';
  return {
    name: id,
    type: 'client',
    description,
    definition: { type: 'function', function: { name: id, ...(description ? { description } : {}), parameters: spec.parameters ?? { type: 'object', properties: {} } } },
    async invoke(args, _span, _activity, callId): Promise<ToolOutcome> {
      const answer = answerFor(ctx, callId, false);
      if (answer !== undefined) return { output: answer };
      return pause(ctx, { id: callId, name: id, arguments: argsText(args) }, 'client', `The caller runs "${id}"`);
    },
  };
}
