/**
 * A saved graph's tests on the server: read and save the test YAML (checked), and run it against
 * the graph's current document. A test's `cassette: run:<id>` replays that run's recorded calls.
 */
import 'server-only';
import { AppError, notFound } from '@/lib/errors';
import { getStore } from '@/db/store';
import type { GraphTestRunResponse, GraphTestsView } from '@/lib/contracts/graph-tests';
import { parseGraphTests, type GraphTestFile } from '@/lib/graph/test-schema';
import { cassetteOfRun } from '../run-journal';
import { loadPrices } from '../connections';
import { runGraphTestFile } from './run-test';

function starter(graph: string): string {
  return `# Tests of ${graph}: each runs the graph on scripted model replies per node (no model is called).
# Assertions are CEL over output, state, status, error, usage and trace (see Docs > Graph tests).
tests:
  - name: answers
    input: Hello
    replies:
      # <node id>: [ first reply, second reply, ... ]
    assert:
      - status == "succeeded"
`;
}

function checked(yaml: string): GraphTestFile {
  const parsed = parseGraphTests(yaml);
  if (!parsed.ok) {
    const first = parsed.errors[0];
    throw new AppError('invalid_graph', `the tests are invalid (${parsed.errors.length} error${parsed.errors.length === 1 ? '' : 's'})${first ? `: ${first.message}` : ''}`, { errors: parsed.errors });
  }
  return parsed.file;
}

async function graphOrThrow(graphId: string) {
  const graph = await getStore().graphs.get(graphId);
  if (!graph) throw notFound(`Graph ${graphId}`);
  return graph;
}

export async function graphTestsView(graphId: string): Promise<GraphTestsView> {
  const graph = await graphOrThrow(graphId);
  const row = await getStore().graphTests.get(graphId);
  return { graph_id: graphId, yaml: row?.yaml ?? starter(graph.name), stored: !!row, updated_at: row?.updatedAt.toISOString() ?? null };
}

export async function saveGraphTests(graphId: string, yaml: string): Promise<GraphTestsView> {
  await graphOrThrow(graphId);
  checked(yaml);
  const row = await getStore().graphTests.put(graphId, yaml);
  return { graph_id: graphId, yaml: row.yaml, stored: true, updated_at: row.updatedAt.toISOString() };
}

export async function runSavedGraphTests(graphId: string, yaml?: string): Promise<GraphTestRunResponse> {
  const graph = await graphOrThrow(graphId);
  const text = yaml ?? (await getStore().graphTests.get(graphId))?.yaml;
  if (text === undefined) throw new AppError('not_found', `Graph "${graph.name}" has no tests yet: save some first (PUT /api/graphs/${graphId}/tests)`);
  const file = checked(text);
  const results = await runGraphTestFile(graph.document, file, {
    graphs: {
      async load(name) {
        const g = await getStore().graphs.getByName(name, graph.workspaceId); // a subgraph of the same workspace
        if (!g) throw notFound(`Graph "${name}"`);
        return g.document;
      },
    },
    async loadCassette(ref) {
      const m = /^run:(.+)$/.exec(ref.trim());
      if (!m) throw new Error('on the server a cassette is a recorded run: cassette: run:<run id>');
      const run = await getStore().runs.get(m[1]);
      // A run of another workspace's graph is not there for this graph's tests (same message: ids do not leak).
      if (!run || (await getStore().graphs.get(run.graphId))?.workspaceId !== graph.workspaceId) throw new Error(`no run ${m[1]}`);
      return cassetteOfRun(m[1]);
    },
    prices: await loadPrices(),
  });
  const passed = results.filter((r) => r.passed).length;
  return { passed, failed: results.length - passed, results };
}
