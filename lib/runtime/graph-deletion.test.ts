import { describe, expect, it } from 'vitest';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { waitForRun } from './run-manager';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';
import { agentGraph } from './testing/graphs';

let mock: MockOpenAI;
let h: Harness;
withMockHarness((started) => ({ mock, h } = started));

describe('deleting a graph during its run', () => {
  it('cancels the run first, then deletes the graph and its runs: 204 and no uncaught error', async () => {
    let inCall: () => void = () => {};
    const calling = new Promise<void>((r) => (inCall = r));
    mock.script([
      {
        reply: () => {
          inCall();
          return { content: 'partial answer that never ends ', stallAfter: 1 };
        },
      },
    ]);
    const graphId = await h.createGraph(agentGraph('doomed'));
    const runId = await h.startRun(graphId, { input: 'go' });
    await calling;
    const del = await h.call('DELETE', `/api/graphs/${graphId}`);
    expect(del.status).toBe(204);
    await waitForRun(runId); // the run has wound down (cancelled) before the answer
    expect((await h.call('GET', `/api/runs/${runId}`)).status).toBe(404);
    expect((await h.call('GET', `/api/graphs/${graphId}`)).status).toBe(404);
    expect((await h.call('GET', '/api/health')).status).toBe(200);
  });
});
