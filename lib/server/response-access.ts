/** The Responses API's stored responses as route handlers reach them: only in the caller's workspaces (else OpenAI's 404). */
import type { ResponseRow } from '@/db/store';
import { storedResponse } from '@/lib/runtime/openai/responses';
import type { Caller } from './caller';
import type { Role } from '@/lib/contracts/auth';
import { checkIn, roleIn } from './workspace-access';

/** The response, if the caller may act on it with `access` (404 for another workspace's, 403 below the role). */
export async function responseFor(caller: Caller, id: string, access: Role): Promise<ResponseRow> {
  const row = await storedResponse(id, (ws) => roleIn(caller, ws) !== null);
  checkIn(caller, row.workspaceId, access, `response ${id}`);
  return row;
}
