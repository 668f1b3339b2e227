/**
 * The conversations API contracts (issue 22, part 1): the editor's Chat tab lists, names and deletes
 * a graph's conversations and sends turns (a turn is a run of the graph with the conversation's id,
 * `source: chat`). Validated by the routes under app/api/graphs/[id]/conversations and
 * app/api/conversations, parsed by components/chat.
 */
import { z } from 'zod';
import { DEMO_CONNECTION } from './demo-connection';
import { MAX_RUN_INPUT_CHARS, RUN_SOURCES, RunView } from './runs';

export const MAX_CONVERSATION_TITLE = 200;
/** The title a conversation gets from its first message (its first line, cut to this length). */
export const AUTO_TITLE_CHARS = 60;

const Title = z.string().trim().min(1, 'must not be empty').max(MAX_CONVERSATION_TITLE, `must be at most ${MAX_CONVERSATION_TITLE} characters`);
const Metadata = z
  .record(z.string().min(1).max(64), z.string().max(512))
  .refine((m) => Object.keys(m).length <= 16, 'at most 16 keys');

export const CreateConversationBody = z.strictObject({
  title: Title.optional(),
  metadata: Metadata.optional(),
});
export type CreateConversationBody = z.infer<typeof CreateConversationBody>;

export const UpdateConversationBody = z
  .strictObject({
    /** null: untitled again. */
    title: Title.nullable().optional(),
    metadata: Metadata.nullable().optional(),
  })
  .refine((b) => b.title !== undefined || b.metadata !== undefined, 'give title or metadata');
export type UpdateConversationBody = z.infer<typeof UpdateConversationBody>;

export const ListConversationsQuery = z.strictObject({
  /** Only conversations held there (default: `chat`, the editor's). */
  source: z.enum(RUN_SOURCES).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const StartTurnBody = z.strictObject({
  input: z.string().trim().min(1, 'must not be empty').max(MAX_RUN_INPUT_CHARS, `input must be at most ${MAX_RUN_INPUT_CHARS} characters`),
  /**
   * Retry or edit-and-resend: the turn (a run id of this conversation) to send this input in place of.
   * The conversation is cut there: that turn and the later ones leave it (they stay in the run history) and its memory is rebuilt.
   */
  replaces_run_id: z.string().min(1).max(200).optional(),
  /** Send every model call of the turn to the built-in demo model. */
  connection_override: z.literal(DEMO_CONNECTION).optional(),
});
export type StartTurnBody = z.infer<typeof StartTurnBody>;

export const ConversationView = z.object({
  id: z.string(),
  workspace_id: z.string(),
  graph_id: z.string().nullable(),
  title: z.string().nullable(),
  source: z.enum(RUN_SOURCES),
  metadata: z.record(z.string(), z.string()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConversationView = z.infer<typeof ConversationView>;

export const ConversationListResponse = z.object({ conversations: z.array(ConversationView) });
export type ConversationListResponse = z.infer<typeof ConversationListResponse>;

/** A conversation and its turns (runs, oldest first). */
export const ConversationDetailResponse = z.object({ conversation: ConversationView, turns: z.array(RunView) });
export type ConversationDetailResponse = z.infer<typeof ConversationDetailResponse>;

export const StartTurnResponse = z.object({ run_id: z.string(), conversation: ConversationView, detached: z.number() });
export type StartTurnResponse = z.infer<typeof StartTurnResponse>;

/** The title a conversation gets from its first message. */
export function autoTitle(input: string): string {
  const line = input.trim().split('\n')[0]!.trim();
  return line.length > AUTO_TITLE_CHARS ? `${line.slice(0, AUTO_TITLE_CHARS - 1)}…` : line;
}
