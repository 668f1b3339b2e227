/** Graph tests through the API: GET/PUT /api/graphs/:id/tests, POST .../tests/run, the published schema. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGraphYaml } from '@/lib/graph/yaml';
import { startHarness, type Harness } from './testing/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

function example(name: string) {
  const r = parseGraphYaml(readFileSync(`examples/${name}.yaml`, 'utf8'));
  if (!r.ok) throw new Error('bad example');
  return r.doc;
}

describe('graph tests API', () => {
  it('offers a starter, refuses invalid YAML with line:col, saves, and runs with per-assertion results', async () => {
    const id = await h.createGraph(example('writer-reviewer'));
    const first = await h.call('GET', `/api/graphs/${id}/tests`);
    expect(first.body).toMatchObject({ stored: false, graph_id: id });
    expect(first.body.yaml).toContain('tests:');

    const bad = await h.call('PUT', `/api/graphs/${id}/tests`, { yaml: 'tests:\n  - name: t\n    assert: [ "output ==" ]\n' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.errors[0]).toMatchObject({ code: 'cel_syntax', line: 3 });

    const yaml = readFileSync('examples/writer-reviewer.test.yaml', 'utf8').replace('- output == "Hello"', '- output == "Goodbye"');
    const saved = await h.call('PUT', `/api/graphs/${id}/tests`, { yaml });
    expect(saved.status).toBe(200);
    expect((await h.call('GET', `/api/graphs/${id}/tests`)).body).toMatchObject({ stored: true, yaml });

    const run = await h.call('POST', `/api/graphs/${id}/tests/run`, {});
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ passed: 1, failed: 1 });
    const failed = run.body.results.find((r: { passed: boolean }) => !r.passed);
    expect(failed.assertions.find((a: { passed: boolean }) => !a.passed)).toMatchObject({ expr: 'output == "Goodbye"', message: 'was false (output is "Hello")' });

    // Unsaved edits run too (the Tests tab runs what is in its editor).
    const unsaved = await h.call('POST', `/api/graphs/${id}/tests/run`, { yaml: readFileSync('examples/writer-reviewer.test.yaml', 'utf8') });
    expect(unsaved.body).toMatchObject({ passed: 2, failed: 0 });
  });

  it('publishes the test file JSON Schema at /api/schema?kind=test', async () => {
    const r = await h.call('GET', '/api/schema?kind=test');
    expect(r.status).toBe(200);
    expect(r.body.title).toBe('Switchyard graph tests');
    expect((await h.call('GET', '/api/schema')).body.title).toBe('Switchyard graph document');
  });
});
