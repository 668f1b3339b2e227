/**
 * The Responses and Conversations APIs' request bodies (/api/v1/responses, /api/v1/conversations),
 * shaped like OpenAI's so that the `openai` SDKs and the Agents SDK send what they always send.
 * Input items are checked item by item in lib/runtime/openai/response-items.ts (errors name
 * `input.N...`); sampling parameters reach every model call of the run (never dropped).
 */
import { z } from 'zod';

const Metadata = z.record(z.string().max(64), z.string().max(512)).nullable().optional();

/** One input item, as loose as OpenAI's union; response-items.ts says which it understands. */
export const ResponseInputItem = z.looseObject({ type: z.string().optional(), role: z.string().optional(), id: z.string().max(200).optional() });
export type ResponseInputItem = z.infer<typeof ResponseInputItem>;

export const ResponseFunctionTool = z.looseObject({
  type: z.literal('function'),
  name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must hold only letters, digits, _ and - (at most 64)'),
  description: z.string().max(8000).nullable().optional(),
  parameters: z.record(z.string(), z.unknown()).nullable().optional(),
  strict: z.boolean().nullable().optional(),
});

export const ResponseCreateRequest = z.looseObject({
  /** A saved graph's name or id. */
  model: z.string().min(1).max(200),
  input: z.union([z.string().max(1_000_000), z.array(ResponseInputItem).max(10_000)]).optional(),
  /** A system message ahead of the input (not carried over to responses that follow this one). */
  instructions: z.string().max(256_000).nullable().optional(),
  previous_response_id: z.string().min(1).max(200).nullable().optional(),
  /** A conversation's id (or `{ id }`): its items come before the input and this turn's items are added to it. */
  conversation: z
    .union([z.string().min(1).max(200), z.looseObject({ id: z.string().min(1).max(200) })])
    .nullable()
    .optional(),
  store: z.boolean().nullable().optional(),
  background: z.boolean().nullable().optional(),
  stream: z.boolean().nullable().optional(),
  metadata: Metadata,
  /** Function tools are the caller's (client) tools: a call of one ends the response with `function_call` items. */
  tools: z.array(z.looseObject({ type: z.string() })).max(128).nullable().optional(),
  tool_choice: z
    .union([z.enum(['none', 'auto', 'required']), z.looseObject({ type: z.string(), name: z.string().optional() })])
    .nullable()
    .optional(),
  parallel_tool_calls: z.boolean().nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  max_output_tokens: z.number().int().min(1).max(1_000_000).nullable().optional(),
});
export type ResponseCreateRequest = z.infer<typeof ResponseCreateRequest>;

export const ConversationCreateRequest = z.looseObject({
  items: z.array(ResponseInputItem).max(20).nullable().optional(),
  metadata: Metadata,
});
export type ConversationCreateRequest = z.infer<typeof ConversationCreateRequest>;

export const ConversationUpdateRequest = z.looseObject({ metadata: z.record(z.string().max(64), z.string().max(512)) });
export type ConversationUpdateRequest = z.infer<typeof ConversationUpdateRequest>;

export const ConversationItemsCreateRequest = z.looseObject({ items: z.array(ResponseInputItem).min(1).max(20) });
export type ConversationItemsCreateRequest = z.infer<typeof ConversationItemsCreateRequest>;
