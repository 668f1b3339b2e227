/**
 * `switchyard test [GLOB…] [--junit FILE]`: runs graph test files (*.test.yaml) on scripted ports,
 * prints each test and each failed assertion, ends with `N passed, N failed`; exit 1 when any failed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cassetteCalls, type CassetteCall } from '@/lib/runtime/cassette';
import { runGraphTestFile } from '@/lib/runtime/graph-tests/run-test';
import { parseGraphYaml } from '@/lib/graph/yaml';
import { graphFileOf, parseGraphTests } from '@/lib/graph/test-schema';
import type { GraphDocument } from '@/lib/graph/schema';
import { expandFiles } from './files';
import { failureText, junitXml, type SuiteResult } from './junit';
import type { Output } from './output';
import { formatProblem } from './validate';

function loadGraphFile(file: string): GraphDocument {
  const parsed = parseGraphYaml(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.map((p) => formatProblem(file, p)).join('\n'));
  return parsed.doc;
}

/** Subgraphs by name: `<name>.yaml` beside the graph file. */
function siblingGraphs(dir: string) {
  return { load: async (name: string) => loadGraphFile(path.join(dir, `${name}.yaml`)) };
}

/** A cassette file beside the test file: a run's cassette (`switchyard cassette`, `{ "calls": [...] }`) or a JSON array of recorded calls. */
function cassetteLoader(dir: string) {
  return async (ref: string): Promise<CassetteCall[]> => cassetteCalls(JSON.parse(readFileSync(path.resolve(dir, ref), 'utf8')));
}

export async function runTestFile(file: string): Promise<SuiteResult> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { file, results: [], error: `cannot read ${file}: ${(err as Error).message}` };
  }
  const parsed = parseGraphTests(text);
  if (!parsed.ok) return { file, results: [], error: parsed.errors.map((p) => formatProblem(file, p)).join('\n') };
  const rel = graphFileOf(file, parsed.file);
  if (!rel) return { file, results: [], error: `${file}: name the graph under test with graph: ./file.yaml` };
  const dir = path.dirname(file);
  const graphFile = path.join(dir, rel);
  let doc: GraphDocument;
  try {
    doc = loadGraphFile(graphFile);
  } catch (err) {
    return { file, results: [], error: `graph ${graphFile}: ${(err as Error).message}` };
  }
  const results = await runGraphTestFile(doc, parsed.file, { graphs: siblingGraphs(path.dirname(graphFile)), loadCassette: cassetteLoader(dir) });
  return { file, results };
}

export async function testCommand(patterns: readonly string[], opts: { junit?: string }, out: Output): Promise<number> {
  const files = expandFiles(patterns.length ? patterns : ['**/*.test.yaml']);
  if (!files.length) {
    out.err(`switchyard test: no test files match ${patterns.join(' ') || '**/*.test.yaml'}`);
    return 1;
  }
  const suites: SuiteResult[] = [];
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    const suite = await runTestFile(file);
    suites.push(suite);
    out.log(file);
    if (suite.error) {
      failed++;
      out.log(`  ✗ could not run: ${suite.error.split('\n').join('\n    ')}`);
      continue;
    }
    for (const r of suite.results) {
      if (r.passed) passed++;
      else failed++;
      out.log(`  ${r.passed ? '✓' : '✗'} ${r.name}`);
      if (!r.passed) for (const line of failureText(r).split('\n')) out.log(`      ${line}`);
    }
  }
  if (opts.junit) {
    writeFileSync(opts.junit, junitXml(suites));
    out.log(`JUnit XML written to ${opts.junit}`);
  }
  out.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}
