/**
 * Conversations as the routes see them (issue 22): the workspace check of one conversation (as
 * lib/server/workspace-access.ts does for graphs and runs: 404 for a non-member, 403 below the
 * role) and the row as the API returns it (lib/contracts/conversations.ts ConversationView).
 */
import 'server-only';
import { getStore, type ConversationRow } from '@/db/store';
import type { Role } from '@/lib/contracts/auth';
import type { ConversationView } from '@/lib/contracts/conversations';
import { notFound } from '@/lib/errors';
import type { Caller } from './caller';
import { checkIn } from './workspace-access';

/** The conversation, if the caller may act on it with `access` (404 / 403 as for graphs). */
export async function conversationFor(caller: Caller, id: string, access: Role): Promise<ConversationRow> {
  const what = `conversation ${id}`;
  const row = await getStore().conversations.get(id);
  if (!row) throw notFound(what);
  checkIn(caller, row.workspaceId, access, what);
  return row;
}

export function conversationView(row: ConversationRow): ConversationView {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    graph_id: row.graphId,
    title: row.title,
    source: row.source,
    metadata: row.metadata ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A new conversation id: `conv_` and 24 random hex characters (unguessable, printable: a valid `conversation_id`). */
export function newConversationId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `conv_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
