/**
 * The run API contracts: request bodies validated by the route handlers under
 * app/api/graphs/[id]/runs and app/api/runs, and the response schemas the debug panel parses.
 */
import { z } from 'zod';
import { DEMO_CONNECTION } from './demo-connection';
import { RUN_STATUSES, TraceEventSchema } from './trace';

/** A run's text input: large enough for a pasted document, small enough to keep the DB sane. */
export const MAX_RUN_INPUT_CHARS = 200_000;

/**
 * Where a run came from: the editor (`ui`, `chat` for its Chat tab), the run API (`api`), the
 * OpenAI-compatible API (`openai`), MCP and A2A callers, a published chat or embed (`public`), and
 * triggers (`webhook`, `schedule`).
 */
export const RUN_SOURCES = ['ui', 'chat', 'api', 'openai', 'mcp', 'a2a', 'public', 'webhook', 'schedule'] as const;
export type RunSource = (typeof RUN_SOURCES)[number];

/** A conversation id (an assistants thread id, or any id a caller picks): printable, at most 200 characters. */
export const ConversationId = z.string().regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 printable characters without spaces');

// The demo connection's name and label live in a zod-free file the editor's first load can import.
export { DEMO_CONNECTION, DEMO_CONNECTION_LABEL } from './demo-connection';
/** The demo model's reply to anything its scripts do not cover. */
export const DEMO_EXPLANATION =
  'This is the demo model: it only plays the scripted conversation of the example graphs. Add a real connection in Settings.';

/** GET /api/graphs/:id/demo: the inputs the demo model has a scripted conversation for (none: it only explains itself). */
export const DemoScriptsResponse = z.object({ label: z.string(), inputs: z.array(z.string()) });
export type DemoScriptsResponse = z.infer<typeof DemoScriptsResponse>;

export const StartRunBody = z.strictObject({
  input: z.string().max(MAX_RUN_INPUT_CHARS, `input must be at most ${MAX_RUN_INPUT_CHARS} characters`),
  /** Initial values for state channels, by channel name. */
  inputs: z.record(z.string().max(64), z.unknown()).optional(),
  /** Node ids to pause before. */
  breakpoints: z.array(z.string().min(1).max(64)).max(200).optional(),
  /**
   * The conversation this run continues: its earlier turns (runs of the same graph and
   * conversation) are the run's history unless `inputs.messages` is given, and node `memory` is kept per conversation.
   */
  conversation_id: ConversationId.optional(),
  /** Send every model call of this run to this connection instead of the graph's: only `demo` (the built-in demo model). */
  connection_override: z.literal(DEMO_CONNECTION).optional(),
});
export type StartRunBody = z.infer<typeof StartRunBody>;

/** Channels to set before going on (checked against the graph's channels by the server). */
const StatePatchSchema = z.record(z.string().max(64), z.unknown());

export const ResumeValueSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('approve'), state: StatePatchSchema.optional() }),
  z.strictObject({ action: z.literal('reject'), reason: z.string().max(10_000).optional() }),
  z.strictObject({ action: z.literal('edit'), value: z.unknown() }),
  z.strictObject({ action: z.literal('continue'), state: StatePatchSchema.optional() }),
  z.strictObject({ action: z.literal('step'), state: StatePatchSchema.optional() }),
  z.strictObject({
    action: z.literal('answer'),
    value: z.string().max(1_000_000).optional(),
    tool_outputs: z.array(z.strictObject({ tool_call_id: z.string().max(500), output: z.string().max(1_000_000) })).max(100).optional(),
  }),
]);

export const ResumeRunBody = z.strictObject({ value: ResumeValueSchema });
export type ResumeRunBody = z.infer<typeof ResumeRunBody>;

/** `?after=<seq>` / `Last-Event-ID`: a non-negative integer sequence number. */
export const SeqParam = z.coerce.number().int().min(0);

export const RunUsage = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
  /** USD of the run's priced model calls (lib/graph/prices.ts); absent when none had a price. */
  cost_usd: z.number().optional(),
});
export type RunUsage = z.infer<typeof RunUsage>;

/** One row of the run history and the `run` of GET /api/runs/:id. */
export const RunView = z.object({
  id: z.string(),
  graph_id: z.string(),
  graph_name: z.string(),
  status: z.enum(RUN_STATUSES),
  source: z.enum(RUN_SOURCES),
  input: z.string(),
  inputs: z.record(z.string(), z.unknown()).nullable(),
  breakpoints: z.array(z.string()).nullable(),
  output: z.unknown(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  usage: RunUsage.nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** finished_at - started_at, when both are known. */
  duration_ms: z.number().nullable(),
  /** Time travel: the run this one forks or replays, the parent's step it started from, and which. */
  parent_run_id: z.string().nullable().optional(),
  forked_from_step: z.number().nullable().optional(),
  origin: z.enum(['fork', 'replay']).nullable().optional(),
});
export type RunView = z.infer<typeof RunView>;

export const StartRunResponse = z.object({ run_id: z.string() });
export type StartRunResponse = z.infer<typeof StartRunResponse>;

export const RunHistoryResponse = z.object({ runs: z.array(RunView) });
export type RunHistoryResponse = z.infer<typeof RunHistoryResponse>;

export const RunDetailResponse = z.object({ run: RunView, events: z.array(TraceEventSchema) });
export type RunDetailResponse = z.infer<typeof RunDetailResponse>;

/** POST /api/runs/:id/cancel and /resume answer with the run as it is now. */
export const RunControlResponse = z.object({ run: RunView });
export type RunControlResponse = z.infer<typeof RunControlResponse>;
