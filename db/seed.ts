/**
 * First-start seeding on SQLite (the async store's seedExamples, db/store/ports-settings.ts): the example graphs are saved once, in one transaction with the
 * `examples_seeded` flag (into the Default workspace), so an example a user deletes does not come back on the next start.
 */
import 'server-only';
import type { GraphDocument } from '@/lib/graph/schema';
import { getDb } from './client';
import { getGraphByName, insertGraph } from './graphs';
import { getMeta, setMeta } from './meta';
import { EXAMPLES_SEEDED, type SeedResult } from './store/ports-settings';
import { DEFAULT_WORKSPACE_ID } from './store/ports-workspaces';

export type { SeedResult } from './store/ports-settings';

export function seedExamples(docs: readonly GraphDocument[]): SeedResult {
  return getDb().transaction((tx) => {
    if (getMeta(EXAMPLES_SEEDED, tx) !== null) return { ran: false, seeded: [] };
    const at = new Date();
    const seeded: string[] = [];
    for (const doc of docs) {
      if (getGraphByName(doc.name, DEFAULT_WORKSPACE_ID, tx)) continue;
      insertGraph(tx, doc, at, DEFAULT_WORKSPACE_ID);
      seeded.push(doc.name);
    }
    setMeta(EXAMPLES_SEEDED, at.toISOString(), tx);
    return { ran: true, seeded };
  });
}
