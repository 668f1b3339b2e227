/** A graph's tests: the YAML text of its test file, one row per graph (db/schema/graph-tests.ts). */
import 'server-only';
import { eq } from 'drizzle-orm';
import { notFound } from '@/lib/errors';
import { getDb } from './client';
import { graphs } from './schema';
import { graphTests, type GraphTestsRow } from './schema/graph-tests';
import { checkStorableJson, unmatchable } from './store/storable';

export type { GraphTestsRow } from './schema/graph-tests';

export function getGraphTests(graphId: string): GraphTestsRow | undefined {
  if (unmatchable(graphId)) return undefined;
  return getDb().select().from(graphTests).where(eq(graphTests.graphId, graphId)).get();
}

/** Creates or replaces the graph's tests; not_found for an unknown graph. */
export function putGraphTests(graphId: string, yaml: string): GraphTestsRow {
  checkStorableJson('the tests', yaml);
  const db = getDb();
  return db.transaction((tx) => {
    if (unmatchable(graphId) || !tx.select({ id: graphs.id }).from(graphs).where(eq(graphs.id, graphId)).get()) throw notFound('graph');
    const updatedAt = new Date();
    return tx
      .insert(graphTests)
      .values({ graphId, yaml, updatedAt })
      .onConflictDoUpdate({ target: graphTests.graphId, set: { yaml, updatedAt } })
      .returning()
      .get();
  });
}
