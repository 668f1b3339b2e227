/**
 * The mock OpenAI server's script: rules of (match → reply). A rule's match and reply are either
 * declarative (JSON, loadable over HTTP or from a file) or functions (TypeScript scenarios).
 */
import { z } from 'zod';

/** What the mock saw in a POST /v1/chat/completions body (loosely typed: it is what a client sent). */
export interface MockChatRequest {
  model: string;
  messages: Array<{ role: string; content?: unknown; name?: string; tool_call_id?: string; tool_calls?: Array<{ id?: string; function?: { name?: string; arguments?: string } }> }>;
  tools?: Array<{ type?: string; function?: { name?: string; description?: string; parameters?: Record<string, unknown> } }>;
  stop?: string | string[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  [key: string]: unknown;
}

export const MockMatchSchema = z.strictObject({
  /** The last user message contains this text (case-insensitive). */
  lastUserContains: z.string().optional(),
  /** A system message contains this text (case-insensitive). */
  systemContains: z.string().optional(),
  /** Some message contains this text (all of them, when a list; case-insensitive). */
  anyMessageContains: z.union([z.string(), z.array(z.string())]).optional(),
  /** No message contains any of these (case-insensitive). */
  noMessageContains: z.union([z.string(), z.array(z.string())]).optional(),
  /** The request's `model` equals this. */
  model: z.string().optional(),
  /** A tool message answers a call of the function with this name. */
  hasToolResultFor: z.string().optional(),
  /** 1-based model turn in this conversation = assistant messages so far + 1. */
  turn: z.number().int().min(1).optional(),
  /** A function with this name is offered in `tools`. */
  offersTool: z.string().optional(),
});
export type MockMatch = z.infer<typeof MockMatchSchema>;

const ToolCallReply = z.strictObject({
  id: z.string().optional(),
  name: z.string().min(1),
  /** JSON text, or an object serialized for you. */
  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
});

export const MockContentReplySchema = z.strictObject({
  content: z.string().optional(),
  tool_calls: z.array(ToolCallReply).optional(),
  /** Split content and tool-call arguments into pieces of this many characters. */
  chunkSize: z.number().int().min(1).optional(),
  /** Send several tool calls' fragments round-robin (interleaved by index). */
  interleave: z.boolean().optional(),
  /** Pause before each chunk. */
  delayMs: z.number().int().min(0).max(60_000).optional(),
  /** Send this many chunks, then stall forever (for abort and timeout tests). */
  stallAfter: z.number().int().min(0).optional(),
  /** Send this many chunks, then close the stream: no finish_reason, no [DONE] (a reply cut short). */
  truncateAfter: z.number().int().min(0).optional(),
  finish_reason: z.string().optional(),
  usage: z
    .strictObject({ prompt_tokens: z.number().int().min(0), completion_tokens: z.number().int().min(0), total_tokens: z.number().int().min(0).optional() })
    .optional(),
  /** The model name reported back (default: the requested one). */
  model: z.string().optional(),
});
export type MockContentReply = z.infer<typeof MockContentReplySchema>;

const MockErrorReplySchema = z.strictObject({
  error: z.strictObject({
    status: z.number().int().min(400).max(599),
    /** Retry-After header, seconds. */
    retryAfter: z.number().min(0).optional(),
    /** retry-after-ms header. */
    retryAfterMs: z.number().min(0).optional(),
    message: z.string().optional(),
    /** The whole response body instead of the default `{ error: { message, type, code } }`. */
    body: z.unknown().optional(),
  }),
});

/**
 * A reply of `bytes` bytes made on the fly, never held whole (for reply-size caps): SSE chunks of
 * `chunkBytes` characters of content (default 16 KiB), or with `json` one chat.completion JSON body
 * (no newline in it) whatever the request asked. Stops early when the client goes away.
 */
const MockFloodReplySchema = z.strictObject({
  flood: z.strictObject({ bytes: z.number().int().min(1), chunkBytes: z.number().int().min(1).max(1024 * 1024).optional(), json: z.boolean().optional() }),
});

export const MockReplySchema = z.union([
  MockErrorReplySchema,
  MockFloodReplySchema,
  z.strictObject({ hang: z.literal(true) }),
  z.strictObject({ garbage: z.literal(true) }),
  MockContentReplySchema,
]);
export type MockReply = z.infer<typeof MockReplySchema>;

/** A declarative rule (JSON). */
const MockRuleSchema = z.strictObject({
  name: z.string().optional(),
  match: MockMatchSchema.optional(),
  reply: MockReplySchema,
  /** Use this rule at most this many times, then fall through to later rules. */
  times: z.number().int().min(1).optional(),
});

export const MockScriptSchema = z.strictObject({
  rules: z.array(MockRuleSchema),
  /** `replace` the current rules (default) or `prepend` these before them. */
  mode: z.enum(['replace', 'prepend']).optional(),
});
export type MockScript = z.infer<typeof MockScriptSchema>;

/** A rule as TypeScript sees it: the match and the reply may also be functions of the request. */
export interface MockRule {
  name?: string;
  match?: MockMatch | ((req: MockChatRequest) => boolean);
  reply: MockReply | ((req: MockChatRequest) => MockReply);
  times?: number;
}
