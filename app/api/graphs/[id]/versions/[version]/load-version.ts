/** Shared by the version routes: the graph and the stored version a request names (400/404 otherwise). */
import 'server-only';
import { stringify } from 'yaml';
import { getGraph, getGraphVersion } from '@/db/graphs';
import type { GraphRow, GraphVersionRow } from '@/db/schema';
import { VersionParam, type GraphVersionRecord } from '@/lib/contracts/graph-versions';
import { badRequest, notFound } from '@/lib/errors';
import type { GraphDocument } from '@/lib/graph/schema';
import { stringifyGraph } from '@/lib/graph/yaml';

export interface LoadedVersion {
  graph: GraphRow;
  row: GraphVersionRow;
}

export function loadVersion(params: { id: string; version: string }): LoadedVersion {
  const parsed = VersionParam.safeParse(params.version);
  if (!parsed.success) throw badRequest(`invalid version "${params.version}": ${parsed.error.issues[0]?.message}`);
  const graph = getGraph(params.id);
  if (!graph) throw notFound('graph');
  const row = getGraphVersion(graph.id, parsed.data);
  if (!row) throw notFound(`version ${parsed.data} of graph "${graph.name}"`);
  return { graph, row };
}

/** Canonical YAML; a stored document of an older or broken shape still gets a faithful plain dump. */
function yamlOf(doc: GraphDocument): string {
  try {
    return stringifyGraph(doc);
  } catch {
    return stringify(doc);
  }
}

export function versionJson(row: GraphVersionRow): GraphVersionRecord {
  return { version: row.version, created_at: row.createdAt.toISOString(), document: row.document, yaml: yamlOf(row.document) };
}
