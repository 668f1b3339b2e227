/** A graph's tests: the YAML text of its test file, one row per graph (db/schema/graph-tests.ts). */
import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from './client';
import { graphTests, type GraphTestsRow } from './schema/graph-tests';

export type { GraphTestsRow } from './schema/graph-tests';

export function getGraphTests(graphId: string): GraphTestsRow | undefined {
  return getDb().select().from(graphTests).where(eq(graphTests.graphId, graphId)).get();
}

export function putGraphTests(graphId: string, yaml: string): GraphTestsRow {
  const updatedAt = new Date();
  return getDb()
    .insert(graphTests)
    .values({ graphId, yaml, updatedAt })
    .onConflictDoUpdate({ target: graphTests.graphId, set: { yaml, updatedAt } })
    .returning()
    .get();
}
