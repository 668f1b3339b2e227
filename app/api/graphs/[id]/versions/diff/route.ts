import type { VersionDiffResponse } from '@/lib/contracts/graph-versions';
import { badRequest } from '@/lib/errors';
import { diffStats } from '@/lib/graph/diff-rows';
import { diffLines } from '@/lib/graph/line-diff';
import { describeChanges, versionChanges } from '@/lib/graph/version-changes';
import { json, route, type Params } from '@/lib/server/http';
import { loadGraph, parseVersion, versionOf, yamlOf } from '../load-version';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const USAGE = 'name two versions to compare, e.g. /versions/diff?a=1&b=3';

/**
 * Any two saved versions compared, `a` → `b`: the line diff of their canonical YAML and what
 * changed in nodes and edges (the same summary as the history's rows). 400 when `a` or `b` is
 * missing or not a positive integer; 404 for an unknown graph or version.
 */
export const GET = route('viewer', async (req, { params }: Params<'id'>, caller) => {
  const query = new URL(req.url).searchParams;
  const rawA = query.get('a');
  const rawB = query.get('b');
  if (rawA === null || rawB === null) throw badRequest(`missing ${rawA === null ? 'a' : 'b'}: ${USAGE}`);
  const a = parseVersion(rawA, 'a');
  const b = parseVersion(rawB, 'b');
  const graph = await loadGraph(caller, (await params).id, 'viewer');
  const from = await versionOf(graph, a);
  const to = await versionOf(graph, b);
  const lines = diffLines(yamlOf(from.document), yamlOf(to.document));
  const changes = versionChanges(from.document, to.document);
  const res: VersionDiffResponse = { a, b, lines, stats: diffStats(lines), changes, summary: describeChanges(changes) };
  return json(res);
});
