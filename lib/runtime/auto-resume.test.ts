/**
 * Start-up recovery resumes interrupted runs by itself (lib/runtime/recovery.ts), in-process on
 * SQLite through the harness's simulated restart: a run cut short mid-call resumes at the next
 * start and finishes, with no finished call made again; a run cut short MAX_RESUMES_AT_ONE_STEP
 * times in a row at the same step is left interrupted (it may be what brings the server down).
 * The kill -9 of a real server process: activities-crash.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';
import { agentGraph } from './testing/graphs';
import { autoResume, MAX_RESUMES_AT_ONE_STEP } from './recovery';

let mock: MockOpenAI;
let h: Harness;
withMockHarness((started) => ({ mock, h } = started), { SWITCHYARD_SSE_HEARTBEAT_MS: '50' });

/** Waits until the mock has answered `n` chat requests of the rule (a stalled one counts once it started). */
async function requests(rule: string, n: number): Promise<void> {
  for (let i = 0; mock.count(rule) < n; i++) {
    if (i > 1500) throw new Error(`the mock had ${mock.count(rule)} ${rule} requests, expected ${n}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('interrupted runs resume at start', () => {
  it('a run cut short mid-call resumes by itself at the next start and finishes; finished calls are not made again', async () => {
    mock.script([
      { name: 'call', match: { turn: 1 }, reply: { tool_calls: [{ name: 'calc', arguments: { expression: '2+2' } }] } },
      { name: 'stall', match: { turn: 2 }, times: 1, reply: { content: 'never finished', chunkSize: 3, stallAfter: 1 } },
      { name: 'answer', match: { turn: 2 }, reply: { content: 'Four.' } },
    ]);
    const graphId = await h.createGraph(agentGraph('auto-resume', { tools: { calc: { type: 'calculator', description: 'Arithmetic.' } }, agent: { tools: ['calc'] } }));
    const runId = await h.startRun(graphId, { input: 'What is 2+2?' });
    await requests('stall', 1);
    await h.restart();
    const done = await h.waitForStatus(runId, ['succeeded', 'failed', 'interrupted'], 60_000);
    expect(done.run.status).toBe('succeeded');
    expect(done.run.output).toBe('Four.');
    const types = done.events.map((e) => e.type);
    expect(done.events.find((e) => e.type === 'run.interrupted')?.data).toMatchObject({ reason: 'server_restart' });
    expect(types.indexOf('run.resumed')).toBeGreaterThan(types.indexOf('run.interrupted'));
    expect(mock.count('call')).toBe(1); // recalled from the journal after the restart
    expect(done.events.filter((e) => e.type === 'tool.result').at(-1)?.data).toMatchObject({ replayed: true });
  });

  it(`a run cut short ${MAX_RESUMES_AT_ONE_STEP} times at the same step is left interrupted`, async () => {
    mock.reset();
    mock.script([{ name: 'stall', reply: { content: 'never finished', chunkSize: 3, stallAfter: 1 } }]);
    const graphId = await h.createGraph(agentGraph('crash-loop'));
    const runId = await h.startRun(graphId, { input: 'Go' });
    for (let cut = 1; cut <= MAX_RESUMES_AT_ONE_STEP; cut++) {
      await requests('stall', cut);
      await h.restart();
    }
    const after = await h.run(runId);
    expect(after.run.status).toBe('interrupted');
    expect(after.events.filter((e) => e.type === 'run.interrupted')).toHaveLength(MAX_RESUMES_AT_ONE_STEP);
    expect(after.events.filter((e) => e.type === 'run.resumed')).toHaveLength(MAX_RESUMES_AT_ONE_STEP - 1);
    // a resume by hand still works
    const res = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'continue' } });
    expect(res.status).toBe(202);
    await requests('stall', MAX_RESUMES_AT_ONE_STEP + 1);
    await h.call('POST', `/api/runs/${runId}/cancel`);
  });

  it('SWITCHYARD_AUTO_RESUME: on by default; off, 0, false, no turn it off', () => {
    expect(autoResume({})).toBe(true);
    expect(autoResume({ SWITCHYARD_AUTO_RESUME: 'on' })).toBe(true);
    for (const v of ['off', 'OFF', '0', 'false', 'no']) expect(autoResume({ SWITCHYARD_AUTO_RESUME: v })).toBe(false);
  });
});
