/**
 * chat.completions with `stream: true` streams the answer's tokens while the graph runs, through
 * the real `openai` client against the API server and the mock OpenAI-compatible model server.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { GraphDocument } from '@/lib/graph/schema';
import { startHarness, type Harness } from '../testing/harness';
import { agentGraph } from '../testing/graphs';

let mock: MockOpenAI;
let h: Harness;
let client: OpenAI;

const ANSWER = 'Tokens flow to the client while the graph is still running, one small piece after another, until the very end.';
const REACT_ANSWER = 'The react agent streams only what follows its Final Answer marker, never its thoughts.';

/** START -> research -> answer -> END: only the answer node's tokens are the reply. */
const twoStep: GraphDocument = {
  ...agentGraph('two-step'),
  nodes: {
    research: { role: 'agent', strategy: 'tool_calling', system_prompt: 'Research notes.' },
    answer: { role: 'agent', strategy: 'tool_calling', system_prompt: 'Answer slowly.' },
  },
  edges: [
    { from: 'START', to: 'research' },
    { from: 'research', to: 'answer' },
    { from: 'answer', to: 'END' },
  ],
};

beforeAll(async () => {
  mock = await startMockOpenAI({
    rules: [
      { match: { systemContains: 'Research notes' }, reply: { content: 'NOTES THAT ARE NOT THE ANSWER' } },
      { match: { systemContains: 'Answer slowly' }, reply: { content: ANSWER, chunkSize: 6, delayMs: 40, usage: { prompt_tokens: 9, completion_tokens: 21 } } },
      { match: { lastUserContains: 'react please' }, reply: { content: `Thought: I now know the final answer\nFinal Answer: ${REACT_ANSWER}`, chunkSize: 7, delayMs: 30 } },
      { match: { systemContains: 'Break' }, reply: { error: { status: 400, message: 'the model refused the request' } } },
    ],
  });
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test' });
  await h.createGraph(twoStep);
  await h.createGraph({ ...agentGraph('reacting'), nodes: { agent: { role: 'agent', strategy: 'react' } } });
  await h.createGraph(agentGraph('breaking', { agent: { system_prompt: 'Break.' } }));
  client = new OpenAI({ baseURL: `${h.api.url}/api/v1`, apiKey: 'unused', maxRetries: 0 });
});
afterAll(async () => {
  await h?.close();
  await mock?.close();
});

async function streamOf(model: string, input: string, includeUsage = false) {
  const { data: stream, response } = await client.chat.completions
    .create({
      model,
      messages: [{ role: 'user', content: input }],
      stream: true,
      ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
    })
    .withResponse();
  const runId = response.headers.get('x-switchyard-run-id')!;
  const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
  let statusAtFirstContent: string | undefined;
  for await (const c of stream) {
    chunks.push(c);
    if (statusAtFirstContent === undefined && c.choices[0]?.delta.content) {
      statusAtFirstContent = (await h.run(runId)).run.status;
    }
  }
  const contents = chunks.map((c) => c.choices[0]?.delta.content ?? '').filter(Boolean);
  return { chunks, contents, statusAtFirstContent, runId };
}

describe('chat.completions streaming: tokens as they come', () => {
  it('streams the answer node’s tokens before the run has finished, and they add up to the answer', async () => {
    const { chunks, contents, statusAtFirstContent, runId } = await streamOf('two-step', 'Stream as you go', true);
    expect(statusAtFirstContent).toBe('running');
    expect(contents.length).toBeGreaterThan(1);
    expect(contents.join('')).toBe(ANSWER);
    expect((await h.run(runId)).run).toMatchObject({ status: 'succeeded', output: ANSWER });
    // role first, one stop chunk, the usage chunk last
    expect(chunks[0].choices[0].delta).toMatchObject({ role: 'assistant' });
    expect(chunks.filter((c) => c.choices[0]?.finish_reason === 'stop')).toHaveLength(1);
    expect(chunks.at(-1)!.choices).toEqual([]);
    const usage = chunks.at(-1)!.usage!;
    expect(usage.completion_tokens).toBeGreaterThan(21); // the answer call's 21 plus the research call's
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
  });

  it('a react agent streams only what follows "Final Answer:"', async () => {
    const { contents, statusAtFirstContent } = await streamOf('reacting', 'react please');
    expect(statusAtFirstContent).toBe('running');
    expect(contents.length).toBeGreaterThan(1);
    expect(contents.join('')).toBe(REACT_ANSWER);
  });

  it('a run that fails ends the stream with an OpenAI-shaped error the client raises', async () => {
    const stream = await client.chat.completions.create({ model: 'breaking', messages: [{ role: 'user', content: 'hi' }], stream: true });
    const seen: string[] = [];
    const err = await (async () => {
      for await (const c of stream) seen.push(c.choices[0]?.delta.role ?? c.choices[0]?.delta.content ?? '');
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['assistant']);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as InstanceType<typeof OpenAI.APIError>).message).toMatch(/graph "breaking" failed: .*refused/);
  });
});
