/**
 * The Responses and Conversations APIs' stored things as route handlers reach them: only in the
 * caller's workspaces (else OpenAI's 404), with the role the route needs (else 403).
 */
import type { ConversationRow, ResponseRow } from '@/db/store';
import type { Role } from '@/lib/contracts/auth';
import { storedConversation } from '@/lib/runtime/openai/conversations';
import { storedResponse } from '@/lib/runtime/openai/responses';
import type { Caller } from './caller';
import { checkIn, roleIn } from './workspace-access';

export async function responseFor(caller: Caller, id: string, access: Role): Promise<ResponseRow> {
  const row = await storedResponse(id, (ws) => roleIn(caller, ws) !== null);
  checkIn(caller, row.workspaceId, access, `response ${id}`);
  return row;
}

export async function conversationFor(caller: Caller, id: string, access: Role): Promise<ConversationRow> {
  const row = await storedConversation(id, (ws) => roleIn(caller, ws) !== null);
  checkIn(caller, row.workspaceId, access, `conversation ${id}`);
  return row;
}
