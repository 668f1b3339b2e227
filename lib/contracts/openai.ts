/**
 * OpenAI-compatible API contracts (/api/v1, seed 003): request bodies we accept and the response
 * objects we return, shaped like OpenAI's so that the `openai` SDK and other clients parse them.
 * Sampling parameters (temperature, top_p, max tokens...) reach the graph's model calls or are
 * refused with a 400 naming them (lib/runtime/openai/sampling.ts); other unknown fields are accepted.
 */
import { z } from 'zod';

const TextPart = z.looseObject({ type: z.literal('text'), text: z.string() });
/** Message content: a string, or content parts of which only text parts are understood. */
const MessageContent = z.union([z.string(), z.array(z.union([TextPart, z.looseObject({ type: z.string() })]))]);
export type MessageContent = z.infer<typeof MessageContent>;

export const ChatCompletionMessage = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: MessageContent.nullable().optional(),
  name: z.string().max(200).optional(),
  tool_call_id: z.string().max(200).optional(),
  tool_calls: z
    .array(z.looseObject({ id: z.string(), type: z.literal('function'), function: z.looseObject({ name: z.string(), arguments: z.string() }) }))
    .optional(),
});
export type ChatCompletionMessage = z.infer<typeof ChatCompletionMessage>;

export const ChatCompletionRequest = z.looseObject({
  /** A saved graph's name or id. */
  model: z.string().min(1).max(200),
  messages: z.array(ChatCompletionMessage).min(1).max(10_000),
  stream: z.boolean().nullable().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  n: z.literal(1).nullable().optional(),
  /** The caller's functions: the entry agent may call them; the reply then ends in `tool_calls`. */
  tools: z
    .array(
      z.looseObject({
        type: z.literal('function'),
        function: z.looseObject({
          name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must hold only letters, digits, _ and - (at most 64)'),
          description: z.string().max(8000).optional(),
          parameters: z.record(z.string(), z.unknown()).optional(),
        }),
      }),
    )
    .max(128)
    .nullable()
    .optional(),
  /** `none`: the caller's tools are not offered; `auto`, `required` and a named function are accepted. */
  tool_choice: z
    .union([z.enum(['none', 'auto', 'required']), z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: z.string() }) })])
    .nullable()
    .optional(),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequest>;

export const CreateAssistantBody = z.looseObject({
  /** The graph this assistant runs: a saved graph's name or id. */
  model: z.string().min(1).max(200),
  name: z.string().max(256).nullable().optional(),
  description: z.string().max(512).nullable().optional(),
  /** Sent to the graph as a system message ahead of the thread's messages. */
  instructions: z.string().max(256_000).nullable().optional(),
  tools: z.array(z.looseObject({ type: z.string() })).max(128).optional(),
  metadata: z.record(z.string().max(64), z.string().max(512)).nullable().optional(),
});
export type CreateAssistantBody = z.infer<typeof CreateAssistantBody>;

export const CreateMessageBody = z.looseObject({
  role: z.enum(['user', 'assistant']),
  content: MessageContent,
  metadata: z.record(z.string().max(64), z.string().max(512)).nullable().optional(),
});
export type CreateMessageBody = z.infer<typeof CreateMessageBody>;

export const CreateThreadBody = z.looseObject({
  messages: z.array(CreateMessageBody).max(1000).optional(),
  metadata: z.record(z.string().max(64), z.string().max(512)).nullable().optional(),
});
export type CreateThreadBody = z.infer<typeof CreateThreadBody>;

export const CreateThreadRunBody = z.looseObject({
  assistant_id: z.string().min(1).max(200),
  instructions: z.string().max(256_000).nullable().optional(),
  additional_instructions: z.string().max(256_000).nullable().optional(),
  /** Server-sent `thread.run.*` / `thread.message.*` events, then `done` (assistant-stream.ts). */
  stream: z.boolean().nullable().optional(),
  metadata: z.record(z.string().max(64), z.string().max(512)).nullable().optional(),
  /** Replaces the assistant's tools for this run: `function` tools are client tools (lib/runtime/openai/assistant-tools.ts). */
  tools: z.array(z.looseObject({ type: z.string() })).max(128).nullable().optional(),
  tool_choice: ChatCompletionRequest.shape.tool_choice,
});
export type CreateThreadRunBody = z.infer<typeof CreateThreadRunBody>;

/** POST /threads/runs (createAndRun): a new thread with these messages, and a run on it. */
export const CreateThreadAndRunBody = CreateThreadRunBody.extend({ thread: CreateThreadBody.nullable().optional() });
export type CreateThreadAndRunBody = z.infer<typeof CreateThreadAndRunBody>;

/** Answers to a paused run's `required_action` (a human node): `approve`, `reject[: reason]`, or a JSON/edit value. */
export const SubmitToolOutputsBody = z.looseObject({
  stream: z.boolean().nullable().optional(),
  /** One output for a human step; one per call for a tool pause (human tool, client tools). */
  tool_outputs: z.array(z.looseObject({ tool_call_id: z.string().optional(), output: z.string().max(1_000_000) })).min(1, 'at least one output: the answer').max(100),
});
export type SubmitToolOutputsBody = z.infer<typeof SubmitToolOutputsBody>;

/** The query of a legacy Assistants list (messages, run steps): OpenAI's cursor page. */
export const ListQueryParams = z.looseObject({
  order: z.enum(['asc', 'desc']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  after: z.string().max(200).optional(),
  before: z.string().max(200).optional(),
});

/** Text of a message's content: strings as they are, text parts joined, other parts dropped. */
export function contentText(content: MessageContent | null | undefined): string {
  if (content == null) return '';
  if (typeof content === 'string') return content;
  return content
    .map((p) => (p.type === 'text' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : ''))
    .filter(Boolean)
    .join('\n');
}

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}
