import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraphYaml } from '@/lib/graph/yaml';
import { graphTestJsonSchema, parseGraphTests, type GraphTest } from '@/lib/graph/test-schema';
import type { GraphDocument } from '@/lib/graph/schema';
import { llmRequest } from '@/lib/engine/journal';
import { runGraphTest, runGraphTestFile } from './run-test';

function example(name: string): GraphDocument {
  const r = parseGraphYaml(readFileSync(`examples/${name}.yaml`, 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.doc;
}

describe('graph tests: the test file format', () => {
  it('reports problems with line and column: schema, and assertions that are not CEL', () => {
    const bad = parseGraphTests('tests:\n  - name: t\n    input: hi\n    assert:\n      - output ==\n');
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors[0]).toMatchObject({ code: 'cel_syntax', path: 'tests[0].assert[0]', line: 5, col: 9 });
    const noAssert = parseGraphTests('tests:\n  - name: t\n    replies: { a: [x] }\n');
    expect(noAssert.ok).toBe(false);
    if (!noAssert.ok) expect(noAssert.errors[0]).toMatchObject({ path: 'tests[0].assert', line: 2 });
  });

  it('publishes a JSON Schema', () => {
    const s = graphTestJsonSchema();
    expect(s.title).toBe('Switchyard graph tests');
    expect(JSON.stringify(s)).toContain('"replies"');
  });
});

describe('graph tests: the runner', () => {
  it.each(['mrkl-agent', 'writer-reviewer', 'plan-execute', 'supervisor-team'])('the tests of examples/%s.test.yaml pass', async (name) => {
    const file = parseGraphTests(readFileSync(`examples/${name}.test.yaml`, 'utf8'));
    if (!file.ok) throw new Error(JSON.stringify(file.errors));
    const results = await runGraphTestFile(example(name), file.file);
    expect(results.map((r) => [r.name, r.passed, r.assertions.filter((a) => !a.passed)])).toEqual(results.map((r) => [r.name, true, []]));
  });

  it('a failing assertion says what the run gave; a node without replies left fails the run clearly', async () => {
    const test: GraphTest = {
      name: 'wrong',
      input: 'hi',
      replies: { writer: ['draft'], reviewer: ['revise: more'] },
      assert: ['output == "final"', 'trace.nodes_run.size() == 2', { expr: 'error.code == "no_scripted_reply"', name: 'ran out' }],
    };
    const r = await runGraphTest(example('writer-reviewer'), test);
    expect(r.passed).toBe(false);
    expect(r.status).toBe('failed');
    expect(r.error?.message).toContain('Node "writer" made model call #2, but the test scripts 1 reply for it');
    expect(r.assertions[0]).toMatchObject({ passed: false, message: 'was false (output is null)' });
    expect(r.assertions[1]).toMatchObject({ passed: false, message: 'was false (trace.nodes_run.size() is 3)' });
    expect(r.assertions[2]).toMatchObject({ name: 'ran out', passed: true });
  });

  it('a cassette answers the calls it recorded; a missing cassette is a setup error', async () => {
    const doc = example('writer-reviewer');
    // The writer's first request as the engine builds it: recorded, it answers without a scripted reply.
    const probe = await runGraphTest(doc, { name: 'probe', input: 'hi', replies: { writer: ['draft'], reviewer: ['approve'] }, assert: ['true'] });
    expect(probe.passed).toBe(true);
    const sys = doc.nodes.writer.role === 'agent' ? doc.nodes.writer.system_prompt : '';
    const request = llmRequest({ model: 'gpt-4o-mini', messages: [{ role: 'system', content: sys }, { role: 'user', content: 'hi' }], temperature: 0 });
    const cassette = [{ kind: 'llm' as const, node: 'writer', request, result: { message: { role: 'assistant', content: 'from the cassette' }, finish_reason: 'stop', usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }, model: 'gpt-4o-mini', latency_ms: 1 } }];
    const r = await runGraphTest(doc, { name: 'c', input: 'hi', cassette: 'rec.json', replies: { reviewer: ['approve'] }, assert: ['output == "from the cassette"'] }, { loadCassette: async () => cassette });
    expect(r.assertions).toEqual([{ name: 'output == "from the cassette"', expr: 'output == "from the cassette"', passed: true }]);
    const missing = await runGraphTest(doc, { name: 'm', input: 'hi', cassette: 'nope.json', assert: ['true'] });
    expect(missing).toMatchObject({ passed: false, setup_error: expect.stringContaining('cassette "nope.json"') });
  });
});
