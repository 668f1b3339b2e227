/**
 * File names of graph documents and of their graph tests. A graph is `<name>.yaml` (or `.yml`); its
 * tests sit next to it as `<name>.test.yaml` (lib/graph/test-schema.ts), which is not a graph.
 */
const YAML_FILE = /\.ya?ml$/i;
const TEST_FILE = /\.test\.ya?ml$/i;

export function isGraphTestFile(name: string): boolean {
  return TEST_FILE.test(name);
}

export function isGraphFile(name: string): boolean {
  return YAML_FILE.test(name) && !isGraphTestFile(name);
}
