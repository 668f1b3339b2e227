/**
 * Agents that converse (issue 9), through /api/v1/chat/completions with the real `openai` client
 * against the mock model: the writer/reviewer example answers with the approved draft, the writer
 * sees the reviewer's note as a user message naming `reviewer` (never as its own assistant turn),
 * and a ReAct agent sees turn one of the conversation in turn two's prompt.
 */
import { readFileSync } from 'node:fs';
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemText, textOf } from '@/lib/llm/testing/conversation';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { MockChatRequest } from '@/lib/llm/testing/mock-types';
import type { GraphDocument } from '@/lib/graph/schema';
import { parseGraphYaml } from '@/lib/graph/yaml';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';

let mock: MockOpenAI;
let h: Harness;
let client: OpenAI;

function example(name: string): GraphDocument {
  const parsed = parseGraphYaml(readFileSync(`examples/${name}.yaml`, 'utf8'));
  if (!parsed.ok) throw new Error(`${name}: ${parsed.errors[0].message}`);
  return parsed.doc;
}

const chatty: GraphDocument = {
  switchyard: 1,
  name: 'chatty-react',
  models: { default: { connection: 'default', model: 'gpt-test' } },
  tools: { calculator: { type: 'calculator', description: 'Arithmetic.' } },
  nodes: { agent: { role: 'agent', strategy: 'react', tools: ['calculator'] } },
  edges: [
    { from: 'START', to: 'agent' },
    { from: 'agent', to: 'END' },
  ],
};

withMockHarness((started) => ({ mock, h } = started));
beforeAll(async () => {
  await h.createGraph(example('writer-reviewer'));
  await h.createGraph(chatty);
  client = new OpenAI({ baseURL: `${h.api.url}/api/v1`, apiKey: 'unused', maxRetries: 0 });
});

const NOTE = 'revise\nAdd a title.';

describe('writer-reviewer over chat completions', () => {
  it("answers the approved draft; the writer's second request has the reviewer's note as a user message naming reviewer", async () => {
    const seen = (req: MockChatRequest, text: string) => req.messages.some((m) => textOf(m).includes(text));
    mock.script([
      { name: 'reviewer', match: (req) => systemText(req).includes('You review'), reply: (req) => ({ content: seen(req, 'Draft 2') ? 'approve' : NOTE }) },
      { name: 'writer', match: (req) => systemText(req).includes('careful writer'), reply: (req) => ({ content: seen(req, 'Add a title') ? 'Draft 2: Signals. A line about signals.' : 'Draft 1: a line about signals.' }) },
    ]);
    const { data: res, response } = await client.chat.completions.create({ model: 'writer-reviewer', messages: [{ role: 'user', content: 'Write one line about signals.' }] }).withResponse();
    expect(res.choices[0].message.content).toBe('Draft 2: Signals. A line about signals.');

    const writer = mock.chatRequests().filter((r) => systemText(r).includes('careful writer'));
    expect(writer).toHaveLength(2);
    expect(writer[1].messages.slice(1)).toEqual([
      { role: 'user', content: 'Write one line about signals.' },
      { role: 'assistant', name: 'writer', content: 'Draft 1: a line about signals.' },
      { role: 'user', name: 'reviewer', content: `[reviewer] ${NOTE}` },
    ]);
    expect(writer[1].messages.filter((m) => m.role === 'assistant').map((m) => m.content)).not.toContain(NOTE);

    // The run API and the run's trace agree with the OpenAI answer.
    const runId = response.headers.get('x-switchyard-run-id')!;
    const run = await h.run(runId);
    expect(run.run.output).toBe('Draft 2: Signals. A line about signals.');
    const finished = run.events.find((e) => e.type === 'run.finished')!;
    expect(finished.data.output).toBe('Draft 2: Signals. A line about signals.');
    expect((finished.data.state as { messages: unknown[] }).messages).toContainEqual({ role: 'assistant', name: 'reviewer', content: NOTE });
  });
});

describe('a ReAct agent in a two-turn conversation', () => {
  it("shows turn one in turn two's prompt", async () => {
    mock.script([
      { name: 'turn 2', match: { lastUserContains: 'Question: What is my name?' }, reply: (req) => ({ content: seenName(req) ? 'I now know the final answer\nFinal Answer: Your name is Zorblax.' : 'Final Answer: I do not know.' }) },
      { name: 'turn 1', reply: { content: 'I now know the final answer\nFinal Answer: Nice to meet you, Zorblax.' } },
    ]);
    const first = await client.chat.completions.create({ model: 'chatty-react', messages: [{ role: 'user', content: 'My name is Zorblax' }] });
    const hello = first.choices[0].message.content!;
    expect(hello).toBe('Nice to meet you, Zorblax.');
    const second = await client.chat.completions.create({
      model: 'chatty-react',
      messages: [
        { role: 'user', content: 'My name is Zorblax' },
        { role: 'assistant', content: hello },
        { role: 'user', content: 'What is my name?' },
      ],
    });
    expect(second.choices[0].message.content).toBe('Your name is Zorblax.');
    const prompt = textOf(mock.chatRequests().at(-1)!.messages.at(-1)!);
    expect(prompt).toContain('Previous conversation:\nUser: My name is Zorblax\nAssistant: Nice to meet you, Zorblax.\n\nQuestion: What is my name?\nThought: ');
  });
});

function seenName(req: MockChatRequest): boolean {
  const prompt = textOf(req.messages.at(-1)!);
  return prompt.slice(0, prompt.lastIndexOf('Question:')).includes('My name is Zorblax');
}
