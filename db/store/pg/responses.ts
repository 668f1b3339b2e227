/** The Responses API's stored responses on Postgres (ResponseRepository, db/store/ports-responses.ts), as db/responses.ts keeps them on SQLite. */
import 'server-only';
import { eq } from 'drizzle-orm';
import { conflict, notFound } from '@/lib/errors';
import { responses } from '../../schema-pg';
import { checkStorableJson, unmatchable } from '../storable';
import type { ResponseRepository, ResponseRow } from '../ports';
import { pgCode, pgDb } from './db';

export const pgResponses: ResponseRepository = {
  async insert(r) {
    checkStorableJson('the response', r);
    let row: ResponseRow | undefined;
    try {
      [row] = (await (await pgDb())
        .insert(responses)
        .values({ ...r, createdAt: new Date() })
        .onConflictDoNothing()
        .returning()) as ResponseRow[];
    } catch (err) {
      if (pgCode(err) === '23503') throw notFound(`Workspace ${r.workspaceId} or run ${r.runId}`);
      throw err;
    }
    if (!row) throw conflict(`response ${r.id} exists already`);
    return row;
  },
  async get(id) {
    if (unmatchable(id)) return undefined;
    const [row] = await (await pgDb()).select().from(responses).where(eq(responses.id, id));
    return row as ResponseRow | undefined;
  },
  async settle(id, response) {
    checkStorableJson('the response', response);
    if (unmatchable(id)) return false;
    return (await (await pgDb()).update(responses).set({ response }).where(eq(responses.id, id)).returning({ id: responses.id })).length > 0;
  },
  async delete(id) {
    if (unmatchable(id)) return false;
    return (await (await pgDb()).delete(responses).where(eq(responses.id, id)).returning({ id: responses.id })).length > 0;
  },
};
