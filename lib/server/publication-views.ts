/** The JSON of a graph's publication (GET/POST /api/graphs/:id/publish) and who a caller is when they publish. */
import 'server-only';
import { getStore, type GraphPublicationRow } from '@/db/store';
import type { Publication } from '@/lib/contracts/publishing';
import type { Caller } from './caller';

/** What the publication row keeps as its publisher: the user's id, or the kind of a caller without an account. */
export function publisherOf(caller: Caller): string {
  return 'userId' in caller ? caller.userId : caller.kind;
}

export async function publicationJson(row: GraphPublicationRow | null): Promise<Publication | null> {
  if (!row) return null;
  const by = row.publishedBy;
  const user = by && by !== 'local' && by !== 'service' ? await getStore().users.get(by) : undefined;
  return { version: row.version, note: row.note, published_by: user ? user.name || user.email : by, published_at: row.publishedAt.toISOString() };
}
