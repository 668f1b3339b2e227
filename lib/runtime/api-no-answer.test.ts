/**
 * A run that can end on a node writing no answer (issue 20, item 5), through HTTP: saving the
 * graph answers 201 with a `no_answer` warning at the node (and none once `output:` names the
 * channel); running it answers with the channel the tool node wrote, and run.finished explains
 * where the answer came from instead of a silent null.
 */
import { describe, expect, it } from 'vitest';
import type { SavedGraphResponse } from '@/lib/contracts/graphs';
import type { GraphDocument } from '@/lib/graph/schema';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';

let h: Harness;

withMockHarness((started) => ({ h } = started));

function calcGraph(name: string, extra: Partial<GraphDocument> = {}, output?: string): GraphDocument {
  return {
    switchyard: 1,
    name,
    tools: { calc: { type: 'calculator', description: 'Arithmetic.' } },
    state: { product: { type: 'string' } },
    nodes: { multiply: { role: 'tool', tool: 'calc', args: { expression: '"6*7"' }, ...(output ? { output } : {}) } },
    edges: [
      { from: 'START', to: 'multiply' },
      { from: 'multiply', to: 'END' },
    ],
    ...extra,
  } as GraphDocument;
}

async function save(doc: GraphDocument) {
  const r = await h.call<SavedGraphResponse>('POST', '/api/graphs', { document: doc });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function runIt(graphId: string) {
  const runId = await h.startRun(graphId, { input: 'multiply' });
  const done = await h.waitForStatus(runId, ['succeeded', 'failed']);
  expect(done.run.status).toBe('succeeded');
  return { run: done.run, finished: done.events.find((e) => e.type === 'run.finished')! };
}

describe('a run that can end on a node writing no answer', () => {
  it('warns at save, at the node; the run answers with the channel the tool wrote and says so', async () => {
    const saved = await save(calcGraph('calc-channel', {}, 'product'));
    expect(saved.warnings.map((w) => `${w.code} @ ${w.path}`)).toEqual(['no_answer @ nodes.multiply']);
    expect(saved.warnings[0].message).toContain('set the graph\'s `output: product`');
    const { run, finished } = await runIt(saved.id);
    expect(run.output).toBe('42');
    expect(String(finished.data.answer_note)).toContain('the answer is channel "product", which node "multiply" (the run ended on it) wrote');
  });

  it('a tool node writing nothing: the warning says the answer is null, and the run explains the null', async () => {
    const saved = await save(calcGraph('calc-nothing'));
    expect(saved.warnings[0]).toMatchObject({ code: 'no_answer', path: 'nodes.multiply', message: expect.stringContaining('it then has no answer (null)') });
    const { run, finished } = await runIt(saved.id);
    expect(run.output).toBeNull();
    expect(String(finished.data.answer_note)).toMatch(/^No answer: .*the run ended on "multiply", which wrote no answer/);
  });

  it("no warning and no note once the graph's output names the channel", async () => {
    const saved = await save(calcGraph('calc-output', { output: 'product' }, 'product'));
    expect(saved.warnings).toEqual([]);
    const { run, finished } = await runIt(saved.id);
    expect(run.output).toBe('42');
    expect(finished.data).not.toHaveProperty('answer_note');
  });
});
