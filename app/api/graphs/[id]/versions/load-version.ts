/** Shared by the version routes: the graph and the stored version a request names (400/404 otherwise). */
import 'server-only';
import { stringify } from 'yaml';
import { getStore } from '@/db/store';
import type { GraphRow, GraphVersionRow } from '@/db/schema';
import { VersionParam, type GraphVersionRecord } from '@/lib/contracts/graph-versions';
import { badRequest, notFound } from '@/lib/errors';
import type { GraphDocument } from '@/lib/graph/schema';
import { stringifyGraph } from '@/lib/graph/yaml';
import type { Role } from '@/lib/contracts/auth';
import type { Caller } from '@/lib/server/caller';
import { graphFor } from '@/lib/server/workspace-access';

export interface LoadedVersion {
  graph: GraphRow;
  row: GraphVersionRow;
}

/** A version number from the path or the query (`what` names it in the 400 message). */
export function parseVersion(raw: string, what = 'version'): number {
  const parsed = VersionParam.safeParse(raw);
  if (!parsed.success) throw badRequest(`invalid ${what} "${raw}": ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** The stored version `version` of `graph` (404 when it has none of that number). */
export async function versionOf(graph: GraphRow, version: number): Promise<GraphVersionRow> {
  const row = await getStore().versions.get(graph.id, version);
  if (!row) throw notFound(`version ${version} of graph "${graph.name}"`);
  return row;
}

/** The graph, if the caller may act on it with `access` (lib/server/workspace-access.ts: 404 / 403). */
export async function loadGraph(caller: Caller, id: string, access: Role): Promise<GraphRow> {
  return graphFor(caller, id, access);
}

export async function loadVersion(caller: Caller, params: { id: string; version: string }, access: Role): Promise<LoadedVersion> {
  const version = parseVersion(params.version);
  const graph = await loadGraph(caller, params.id, access);
  return { graph, row: await versionOf(graph, version) };
}

/** Canonical YAML; a stored document of an older or broken shape still gets a faithful plain dump. */
export function yamlOf(doc: GraphDocument): string {
  try {
    return stringifyGraph(doc);
  } catch {
    return stringify(doc);
  }
}

export function versionJson(row: GraphVersionRow): GraphVersionRecord {
  return { version: row.version, created_at: row.createdAt.toISOString(), document: row.document, yaml: yamlOf(row.document) };
}
