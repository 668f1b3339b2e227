/**
 * Reads the demo scripts of a graph from the examples directory: `<graph>.test.yaml` (the graph
 * tests) and `demo/<graph>.yaml` (same format, for graphs whose tests do not script a run).
 * Files that are missing or do not parse add no script.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseGraphTests } from '@/lib/graph/test-schema';
import { scriptGraphNames, scriptsOf, type DemoScript } from './script';

export function defaultExamplesDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'examples');
}

function readScripts(file: string): DemoScript[] {
  if (!existsSync(file)) return [];
  const parsed = parseGraphTests(readFileSync(file, 'utf8'));
  return parsed.ok ? scriptsOf(parsed.file) : [];
}

/** Every scripted conversation of graph `graphName` (or of the example it is a numbered copy of). */
export function loadDemoScripts(graphName: string, dir = defaultExamplesDir()): DemoScript[] {
  // Names are graph names (no path separators); the check keeps a stray name inside `dir` anyway.
  if (!/^[A-Za-z0-9_-]+$/.test(graphName)) return [];
  for (const name of scriptGraphNames(graphName)) {
    const scripts = [...readScripts(path.join(dir, `${name}.test.yaml`)), ...readScripts(path.join(dir, 'demo', `${name}.yaml`))];
    if (scripts.length) return scripts;
  }
  return [];
}
