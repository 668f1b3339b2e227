/**
 * The Responses API's stored responses: the synchronous queries under the async store's SQLite
 * implementation (db/store/sqlite.ts; contract in db/store/ports-responses.ts).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { conflict, notFound } from '@/lib/errors';
import { getDb } from './client';
import { responses, type ResponseRow } from './schema/responses';
import type { NewResponse } from './store/ports-responses';
import { checkStorableJson, unmatchable } from './store/storable';

export function insertResponse(r: NewResponse): ResponseRow {
  checkStorableJson('the response', r);
  let row: ResponseRow | undefined;
  try {
    row = getDb()
      .insert(responses)
      .values({ ...r, createdAt: new Date() })
      .onConflictDoNothing()
      .returning()
      .get();
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw notFound(`Workspace ${r.workspaceId} or run ${r.runId}`);
    throw err;
  }
  if (!row) throw conflict(`response ${r.id} exists already`);
  return row;
}

export function getResponse(id: string): ResponseRow | undefined {
  if (unmatchable(id)) return undefined;
  return getDb().select().from(responses).where(eq(responses.id, id)).get();
}

export function settleResponse(id: string, response: Record<string, unknown>): boolean {
  checkStorableJson('the response', response);
  if (unmatchable(id)) return false;
  return getDb().update(responses).set({ response }).where(eq(responses.id, id)).run().changes > 0;
}

export function deleteResponse(id: string): boolean {
  if (unmatchable(id)) return false;
  return getDb().delete(responses).where(eq(responses.id, id)).run().changes > 0;
}
