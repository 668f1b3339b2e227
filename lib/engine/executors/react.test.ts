import { describe, expect, it } from 'vitest';
import type { GraphDocument } from '../../graph/schema';
import { runGraph } from '../index';
import { fakePorts, fakeTools, scriptedModel, type FakePorts } from '../testing/fake-ports';
import { chain, graph } from '../testing/graphs';
import { REACT_STOP } from '../../graph/react-text';
import { compilePatterns, parseStep, reactAnswerMarker } from './react-format';

const QUESTION = "Who is Olivia Wilde's boyfriend? What is his current age raised to the 0.23 power?";
const FINAL = "Jason Sudeikis, Olivia Wilde's boyfriend, is 47 years old and his age raised to the 0.23 power is 2.4242784855673896.";
const SEARCH_1 = 'First linked in November 2011, Wilde and Sudeikis got engaged in January 2013. They later became parents, welcoming son Otis in 2014 and daughter Daisy in 2016.';

const HEADER = `Answer the following questions as best as you can. You have access to the following tools:

Search: useful for when you need to answer questions about current events. You should ask targeted questions
Calculator: useful for when you need to answer questions about math

Use the following format:

Question: the input question you must answer
Thought: you should always think about what to do
Action: the action to take, should be one of [Search, Calculator]
Action Input: the input to the action
Observation: the result of the action
... (this Thought/Action/Action Input/Observation can repeat N times)
Thought: I now know the final answer
Final Answer: the final answer to the original input question

Begin!
Question: ${QUESTION}
Thought: `;

function mrklGraph(node: Record<string, unknown> = {}): GraphDocument {
  return graph({ agent: { role: 'agent', strategy: 'react', tools: ['Search', 'Calculator'], output: 'answer', ...node } }, chain('agent'), {
    tools: {
      Search: { type: 'web_search', provider: 'serper', description: 'useful for when you need to answer questions about current events. You should ask targeted questions' },
      Calculator: { type: 'calculator', description: 'useful for when you need to answer questions about math' },
    },
    state: { answer: { type: 'string' } },
  });
}

function mrklTools() {
  return fakeTools({
    Search: (a) => (String(a.query).includes('boyfriend') ? SEARCH_1 : '47 years'),
    Calculator: (a) => {
      const m = /^(\d+)\^([\d.]+)$/.exec(String(a.expression));
      if (!m) throw new Error(`cannot calculate ${String(a.expression)}`);
      return String(Math.pow(Number(m[1]), Number(m[2])));
    },
  });
}

const parsedOf = (p: FakePorts) => p.of('llm.response').map((e) => e.data.parsed);

describe('react agent (seed 000 MRKL walk-through)', () => {
  it('answers the Olivia Wilde question in four model steps with Search, Search, Calculator', async () => {
    const model = scriptedModel([
      "I need to do some research to answer this question.\nAction: Search\nAction Input: Olivia Wilde's boyfriend",
      'I need to find out his age\nAction: Search\nAction Input: Jason Sudeikis age',
      'I need to raise it to the 0.23 power\nAction: Calculator\nAction Input: 47^0.23',
      `I now know the final answer\nFinal Answer: ${FINAL}`,
    ]);
    const p = fakePorts({ model, tools: mrklTools() });
    const out = await runGraph({ runId: 'r', doc: mrklGraph(), input: QUESTION, ports: p });

    expect(out).toMatchObject({ status: 'succeeded', output: FINAL, state: { answer: FINAL } });
    expect(FINAL).toContain(String(Math.pow(47, 0.23)));
    expect(model.requests).toHaveLength(4);
    // Each prompt is one user message with the stop word, exactly as in the seed.
    for (const r of model.requests) {
      expect(r.messages).toHaveLength(1);
      expect(r.messages[0].role).toBe('user');
      expect(r.stop).toEqual(REACT_STOP);
    }
    expect(model.requests[0].messages[0].content).toBe(HEADER);
    expect(model.requests[1].messages[0].content).toBe(
      `${HEADER}I need to do some research to answer this question.\nAction: Search\nAction Input: Olivia Wilde's boyfriend\nObservation: ${SEARCH_1}\nThought:`,
    );
    expect(model.requests[3].messages[0].content).toMatch(
      /Thought: I need to raise it to the 0\.23 power\nAction: Calculator\nAction Input: 47\^0\.23\nObservation: 2\.4242784855673896\nThought:$/,
    );
    // The trace holds each parsed Thought / Action / Action Input and each Observation.
    expect(parsedOf(p)).toEqual([
      { thought: 'I need to do some research to answer this question.', action: 'Search', action_input: "Olivia Wilde's boyfriend" },
      { thought: 'I need to find out his age', action: 'Search', action_input: 'Jason Sudeikis age' },
      { thought: 'I need to raise it to the 0.23 power', action: 'Calculator', action_input: '47^0.23' },
      { thought: 'I now know the final answer', final_answer: FINAL },
    ]);
    expect(p.of('tool.call').map((e) => [e.data.tool, e.data.args])).toEqual([
      ['Search', { query: "Olivia Wilde's boyfriend" }],
      ['Search', { query: 'Jason Sudeikis age' }],
      ['Calculator', { expression: '47^0.23' }],
    ]);
    expect(p.of('tool.result').map((e) => e.data.output)).toEqual([SEARCH_1, '47 years', '2.4242784855673896']);
    expect(p.of('llm.request').map((e) => (e.data.messages as { content: string }[])[0].content)).toEqual(model.requests.map((r) => r.messages[0].content));
    expect(out.status === 'succeeded' && out.state.messages).toEqual([
      { role: 'user', content: QUESTION },
      { role: 'assistant', name: 'agent', content: FINAL },
    ]);
  });

  it('tells the model when its text does not parse, instead of crashing', async () => {
    const model = scriptedModel(['I am just chatting here.', 'I now know the final answer\nFinal Answer: 42']);
    const p = fakePorts({ model, tools: mrklTools() });
    const out = await runGraph({ runId: 'r', doc: mrklGraph(), input: 'q', ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: '42' });
    const second = model.requests[1].messages[0].content as string;
    expect(second).toContain('I am just chatting here.\nObservation: Could not parse an Action or a Final Answer from your last output. Use the format');
    expect(second.endsWith('\nThought:')).toBe(true);
    expect((parsedOf(p)[0] as { error: string }).error).toMatch(/^Could not parse an Action or a Final Answer/);
    expect(p.of('tool.call')).toHaveLength(0);
  });

  it('lists the valid tools when the model names an unknown one, and reports tool errors as observations', async () => {
    const model = scriptedModel([
      'Thought: look it up\nAction: Wikipedia\nAction Input: x',
      'Action: Calculator\nAction Input: two plus two',
      'Final Answer: "done"',
    ]);
    const p = fakePorts({ model, tools: mrklTools() });
    const out = await runGraph({ runId: 'r', doc: mrklGraph(), input: 'q', ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: 'done' });
    expect(model.requests[1].messages[0].content).toContain('Observation: "Wikipedia" is not a valid action. Valid actions are: [Search, Calculator].');
    expect(model.requests[2].messages[0].content).toContain('Observation: Error: cannot calculate two plus two\nThought:');
    expect(p.of('tool.result')[0].data).toMatchObject({ tool: 'Calculator', error: 'cannot calculate two plus two' });
  });

  it('fails with max_steps when no Final Answer comes', async () => {
    const model = scriptedModel(Array(3).fill('Action: Search\nAction Input: again'));
    const out = await runGraph({ runId: 'r', doc: mrklGraph({ max_steps: 3 }), input: 'q', ports: fakePorts({ model, tools: mrklTools() }) });
    expect(out).toMatchObject({ status: 'failed', error: { code: 'max_steps' } });
    if (out.status === 'failed') expect(out.error.message).toMatch(/Node "agent" reached max_steps \(3\) without a Final Answer/);
  });

  it('cuts text the model wrote past a stop word it ignored', async () => {
    const model = scriptedModel(['Action: Search\nAction Input: Jason Sudeikis age\nObservation: 99 years (made up)\nThought: ...', 'Final Answer: 47']);
    const p = fakePorts({ model, tools: mrklTools() });
    await runGraph({ runId: 'r', doc: mrklGraph(), input: 'q', ports: p });
    expect(model.requests[1].messages[0].content).toMatch(/Action Input: Jason Sudeikis age\nObservation: 47 years\nThought:$/);
  });

  it('uses the node prompt template and patterns', async () => {
    const model = scriptedModel(['USE Search WITH "rails"', 'ANSWER: trains']);
    const doc = mrklGraph({
      prompt_template: 'Tools: {tool_names}\nQ: {query}\n{transcript}',
      action_pattern: 'USE\\s+(\\w+)\\s+WITH\\s+(.*)',
      final_answer_pattern: 'ANSWER:\\s*(.*)',
    });
    const out = await runGraph({ runId: 'r', doc, input: 'what {query} runs on rails?', ports: fakePorts({ model, tools: mrklTools() }) });
    expect(out).toMatchObject({ status: 'succeeded', output: 'trains' });
    expect(model.requests[0].messages[0].content).toBe('Tools: Search, Calculator\nQ: what {query} runs on rails?\n');
    expect(model.requests[1].messages[0].content).toBe(`Tools: Search, Calculator\nQ: what {query} runs on rails?\nUSE Search WITH "rails"\nObservation: 47 years\nThought:`);
  });

  it('fails clearly on an invalid or group-less pattern', async () => {
    const bad = await runGraph({ runId: 'r', doc: mrklGraph({ action_pattern: '(' }), input: 'q', ports: fakePorts() });
    expect(bad).toMatchObject({ status: 'failed', error: { code: 'bad_pattern' } });
    const groups = await runGraph({ runId: 'r', doc: mrklGraph({ action_pattern: 'Action: (\\w+)' }), input: 'q', ports: fakePorts() });
    expect(groups).toMatchObject({ status: 'failed', error: { code: 'bad_pattern' } });
    if (groups.status === 'failed') expect(groups.error.message).toMatch(/action_pattern must have 2 capture groups \(it has 1\)/);
  });
});

describe('react parsing runs in linear time', () => {
  it('parses text with long runs of spaces and newlines (the quadratic cases) and still reads the action', () => {
    const patterns = compilePatterns('n');
    const spaces = ' '.repeat(120_000);
    const newlines = '\n'.repeat(120_000);
    const step = parseStep(`Thought: x${newlines}Action: Search Action Input: y${spaces}y${spaces}`, patterns, ['Search']);
    expect(step.action).toBe('Search');
    expect(step.action_input).toBe(`y${spaces}y`);
    expect(step.thought).toBe('x');
  });
});

describe('react answer marking (llm.delta answer: true)', () => {
  /** Feeds the chunks through one call's marker; returns [answer text, other text]. */
  function mark(chunks: string[], pattern?: string): [string, string] {
    const m = reactAnswerMarker(compilePatterns('n', pattern));
    const pieces = chunks.flatMap((c) => m(c));
    expect(pieces.map((p) => p.text).join('')).toBe(chunks.join(''));
    return [pieces.filter((p) => p.answer).map((p) => p.text).join(''), pieces.filter((p) => !p.answer).map((p) => p.text).join('')];
  }

  it('marks what follows Final Answer (marker split across chunks), without its leading space, up to the stop word', () => {
    expect(mark(['Thought: I know it\nFinal Ans', 'wer:  It is', ' 42.'])).toEqual(['It is 42.', 'Thought: I know it\nFinal Answer:  ']);
    expect(mark(['Final Answer: 42\nObs', 'ervation: junk'])).toEqual(['42\nObs', 'Final Answer: ervation: junk']);
    expect(mark(['Final Answer: 42\nObservation: junk'])).toEqual(['42\n', 'Final Answer: Observation: junk']);
  });

  it('marks nothing in an Action step or a quoted answer', () => {
    expect(mark(['Thought: search\nAction: Search\nAction Input: x'])[0]).toBe('');
    expect(mark(['Final Answer: ', '"quoted"'])[0]).toBe('');
  });

  it('follows a custom final_answer_pattern', () => {
    expect(mark(['Thought: ok\nANSWER:', ' hi there'], 'ANSWER:(.*)')).toEqual(['hi there', 'Thought: ok\nANSWER: ']);
  });

  it('the engine emits the marked deltas of a react run; their text is the final answer', async () => {
    const model = scriptedModel([`I now know the final answer\nFinal Answer: ${FINAL}`]);
    const p = fakePorts({ model, tools: mrklTools() });
    await runGraph({ runId: 'r', doc: mrklGraph(), input: QUESTION, ports: p });
    const deltas = p.of('llm.delta');
    expect(deltas.filter((e) => e.data.answer === true).map((e) => e.data.text).join('')).toBe(FINAL);
    expect(deltas.map((e) => e.data.text).join('')).toBe(`I now know the final answer\nFinal Answer: ${FINAL}`);
  });
});

describe('react agent with a conversation (seed 004 conversational agent)', () => {
  const turnOne: Record<string, unknown>[] = [
    { role: 'user', content: 'My name is Zorblax' },
    { role: 'assistant', content: 'Nice to meet you, Zorblax.' },
  ];

  it("renders the conversation before the question in {history}; a one-turn prompt stays seed 004's", async () => {
    const model = scriptedModel(['I now know the final answer\nFinal Answer: Your name is Zorblax.']);
    const p = fakePorts({ model, tools: mrklTools() });
    const messages = [...turnOne, { role: 'user', content: 'What is my name?' }];
    const out = await runGraph({ runId: 'r', doc: mrklGraph(), input: 'What is my name?', inputs: { messages }, ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: 'Your name is Zorblax.' });
    const prompt = p.model.requests[0].messages[0].content as string;
    expect(prompt).toContain('Begin!\nPrevious conversation:\nUser: My name is Zorblax\nAssistant: Nice to meet you, Zorblax.\n\nQuestion: What is my name?\nThought: ');
  });

  it('history: none leaves the conversation out; a custom template without {history} never shows it', async () => {
    const messages = [...turnOne, { role: 'user', content: 'What is my name?' }];
    const none = fakePorts({ model: scriptedModel(['Final Answer: no idea']), tools: mrklTools() });
    await runGraph({ runId: 'r', doc: mrklGraph({ history: 'none' }), input: 'What is my name?', inputs: { messages }, ports: none });
    expect(none.model.requests[0].messages[0].content).not.toContain('Zorblax');
    const custom = fakePorts({ model: scriptedModel(['Final Answer: hm']), tools: mrklTools() });
    await runGraph({ runId: 'r', doc: mrklGraph({ prompt_template: 'Q: {query}\n{history}T: {transcript}' }), input: 'What is my name?', inputs: { messages }, ports: custom });
    expect(custom.model.requests[0].messages[0].content).toBe('Q: What is my name?\nPrevious conversation:\nUser: My name is Zorblax\nAssistant: Nice to meet you, Zorblax.\n\nT: ');
  });

  it("fills an OPEA shorthand tool's single argument with the Action Input, whatever its name", async () => {
    const doc = graph({ agent: { role: 'agent', strategy: 'react', tools: ['lookup'] } }, chain('agent'), {
      tools: { lookup: { type: 'http', url: 'https://api.example.org/find', args_schema: { term: { type: 'str', description: 'What to find.' } } } },
    });
    const tools = fakeTools({ lookup: (a) => `found ${String(a.term)}` });
    const model = scriptedModel(['Action: lookup\nAction Input: rail yards', 'Final Answer: done']);
    const p = fakePorts({ model, tools });
    await runGraph({ runId: 'r', doc, input: 'find rail yards', ports: p });
    expect(tools.calls).toEqual([{ name: 'lookup', args: { term: 'rail yards' } }]);
  });
});
