/**
 * The built-in scenarios against the real engine, the real model port and the real tool port, over
 * HTTP: each example graph of examples/ runs to its expected end with the mock as the model and
 * the mock's fake search back end as the web.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runGraph, type RunOutcome } from '../../engine';
import type { TraceEventInput } from '../../contracts/trace';
import { parseGraphYaml } from '../../graph/yaml';
import type { GraphDocument } from '../../graph/schema';
import { createToolPort } from '../../tools';
import { createModelPort } from '../chat';
import { startMockOpenAI, type MockOpenAI } from './mock-openai-server';
import { BUILTIN_RULES, BUILTIN_SEARCH, MRKL_FINAL_ANSWER, MRKL_QUESTION } from './scenarios';
import { allowLoopbackModels } from '@/lib/llm/testing/allow-loopback';

// The mock model listens on 127.0.0.1: allowed as an operator allows a local server.
allowLoopbackModels();

let mock: MockOpenAI;
beforeAll(async () => {
  mock = await startMockOpenAI({ rules: BUILTIN_RULES, search: BUILTIN_SEARCH });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

/** An example graph with its http search tools pointed at the mock's SearXNG-shaped /search. */
function example(name: string): GraphDocument {
  const parsed = parseGraphYaml(readFileSync(new URL(`../../../examples/${name}.yaml`, import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error(`examples/${name}.yaml: ${JSON.stringify(parsed.errors)}`);
  const doc = structuredClone(parsed.doc);
  for (const tool of Object.values(doc.tools ?? {})) if (tool.type === 'http') tool.url = tool.url.replace('https://search.example.com', mock.origin);
  return doc;
}

async function run(doc: GraphDocument, input: string): Promise<{ outcome: RunOutcome; events: TraceEventInput[] }> {
  const events: TraceEventInput[] = [];
  const signal = new AbortController().signal;
  const outcome = await runGraph({
    runId: randomUUID(),
    doc,
    input,
    ports: {
      model: createModelPort({ resolveConnection: async () => ({ name: 'default', base_url: mock.url, api_key: 'sk-test' }) }),
      tools: createToolPort({ allowedHosts: ['127.0.0.1'] }),
      graphs: { load: async (n) => Promise.reject(new Error(`no graph ${n}`)) },
      clock: { now: () => Date.now() },
      emit: (e) => void events.push(e),
      checkpoint: () => {},
      signal,
      newId: () => randomUUID(),
    },
  });
  return { outcome, events };
}

describe('built-in scenarios on the real engine', () => {
  it('mrkl-agent answers the Olivia Wilde question with search and the calculator', async () => {
    const { outcome } = await run(example('mrkl-agent'), MRKL_QUESTION);
    expect(outcome).toMatchObject({ status: 'succeeded' });
    expect(JSON.stringify((outcome as { output: unknown }).output)).toContain(MRKL_FINAL_ANSWER.slice(0, 60));
    expect(mock.count('mrkl-react')).toBe(4);
    expect(mock.requests.filter((r) => r.path === '/search')).toHaveLength(2);
  });

  it('writer-reviewer loops twice on revise and ends on approve', async () => {
    const { outcome } = await run(example('writer-reviewer'), 'Explain graph-based agents');
    expect(outcome).toMatchObject({ status: 'succeeded', state: { verdict: 'approve' } });
    expect(mock.count('writer')).toBe(3);
    expect(mock.count('reviewer')).toBe(3);
  });

  it('supervisor-team delegates to researcher then writer and pauses for approval', async () => {
    const { outcome } = await run(example('supervisor-team'), 'Report on solar power');
    expect(outcome).toMatchObject({ status: 'paused', interrupt: { node: 'approve' } });
    expect(mock.count('supervisor')).toBe(3);
    expect(mock.count('researcher')).toBe(2); // a search call, then the findings
    expect(mock.count('writer')).toBe(1);
  });

  it('plan-execute plans three steps, executes each and synthesises an answer', async () => {
    const { outcome } = await run(example('plan-execute'), 'Compare two databases');
    expect(outcome).toMatchObject({ status: 'succeeded' });
    expect(mock.count('planner')).toBe(1);
    expect(mock.count('executor')).toBe(3);
    expect(mock.count('synthesis')).toBe(1);
    expect(JSON.stringify(outcome)).toContain('Result of step 3');
  });
});
