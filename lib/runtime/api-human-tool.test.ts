/**
 * A `human` tool through HTTP (issue 9 item 5): the agent's question pauses the run; the answer
 * comes back through POST /api/runs/:id/resume or, with the real `openai` client, through the
 * assistants API's requires_action / submit_tool_outputs, and becomes the tool's result.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph } from './testing/graphs';

let mock: MockOpenAI;
let h: Harness;

beforeAll(async () => {
  mock = await startMockOpenAI({
    rules: [
      { name: 'answered', match: { hasToolResultFor: 'ask_human' }, reply: (req) => ({ content: `Booked: ${String(req.messages.at(-1)?.content)}` }) },
      { name: 'ask', match: { offersTool: 'ask_human' }, reply: { tool_calls: [{ id: 'call_q1', name: 'ask_human', arguments: { question: 'Which city?' } }] } },
    ],
  });
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test' });
  await h.createGraph(agentGraph('trip', { tools: { ask_human: { type: 'human', description: 'Ask the traveller' } }, agent: { tools: ['ask_human'] } }));
});
afterAll(async () => {
  await h?.close();
  await mock?.close();
});

describe('human tool over HTTP', () => {
  it('pauses with the question; /api/runs/:id/resume answers it and the model is not asked again', async () => {
    const graphs = await h.call('GET', '/api/graphs');
    const id = (graphs.body.graphs ?? graphs.body).find((g: { name: string }) => g.name === 'trip').id;
    const before = mock.chatRequests().length;
    const runId = await h.startRun(id, { input: 'Book me a trip' });
    const paused = await h.waitForStatus(runId, ['paused']);
    expect(paused.events.find((e) => e.type === 'run.interrupted')?.data).toMatchObject({ kind: 'tool', node: 'agent', prompt: 'Which city?', answered_by: 'human', tool_calls: [{ id: 'call_q1', name: 'ask_human' }] });
    const res = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'answer', value: 'Lisbon' } });
    expect(res.status).toBeLessThan(300);
    const done = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(done.run.status).toBe('succeeded');
    expect(done.run.output).toBe('Booked: Lisbon');
    // Two model calls in all: the one that asked (replayed on resume, not repeated) and the answer.
    expect(mock.chatRequests().length - before).toBe(2);
  });

  it('shows as requires_action with the question; submit_tool_outputs answers it', async () => {
    const client = new OpenAI({ baseURL: `${h.api.url}/api/v1`, apiKey: 'unused', maxRetries: 0 });
    const assistant = await client.beta.assistants.create({ model: 'trip' });
    const thread = await client.beta.threads.create({ messages: [{ role: 'user', content: 'Book me a trip' }] });
    const run = await client.beta.threads.runs.createAndPoll(thread.id, { assistant_id: assistant.id }, { pollIntervalMs: 20 });
    expect(run.status).toBe('requires_action');
    const call = run.required_action!.submit_tool_outputs.tool_calls[0];
    expect(call).toMatchObject({ id: 'call_q1', function: { name: 'ask_human', arguments: '{"question":"Which city?"}' } });
    const done = await client.beta.threads.runs.submitToolOutputsAndPoll(
      run.id,
      { thread_id: thread.id, tool_outputs: [{ tool_call_id: call.id, output: 'Oslo' }] },
      { pollIntervalMs: 20 },
    );
    expect(done.status).toBe('completed');
    const page = await client.beta.threads.messages.list(thread.id);
    expect(page.data[0].content[0]).toMatchObject({ text: { value: 'Booked: Oslo' } });
  });
});
