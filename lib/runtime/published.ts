/**
 * Which version of a graph runs (issue 22, part 2): the one home of that answer. Outside callers
 * (the OpenAI-compatible API, MCP, A2A, the public chat page and its embed) run the graph's
 * published version when it has one, else its newest valid version (what every caller ran before
 * publishing existed, so graphs never published behave as they did). The editor and its Run use
 * the newest version (startRun's default). Pass the answer to startRun as `version`.
 */
import 'server-only';
import { getStore, type GraphRow } from '@/db/store';
import type { GraphDocument } from '@/lib/graph/schema';

export interface ServedVersion {
  version: number;
  document: GraphDocument;
  /** True when this is the graph's published version; false: the newest (never published, or unpublished). */
  published: boolean;
}

/** The version an outside caller runs: the published one if set, else the newest valid one. */
export async function outsideVersion(graph: Pick<GraphRow, 'id' | 'version' | 'document'>): Promise<ServedVersion> {
  const store = getStore();
  const publication = await store.publications.get(graph.id);
  if (publication) {
    const row = await store.versions.get(graph.id, publication.version);
    if (row) return { version: row.version, document: row.document, published: true };
  }
  return { version: graph.version, document: graph.document, published: false };
}

/** The graph as an outside caller sees it: its row with the served version's document and number. */
export async function outsideGraph(graph: GraphRow): Promise<GraphRow & { served: ServedVersion }> {
  const served = await outsideVersion(graph);
  return { ...graph, document: served.document, version: served.version, served };
}
