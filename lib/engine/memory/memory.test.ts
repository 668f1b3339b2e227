import { describe, expect, it } from 'vitest';
import type { MemorySpec } from '../../graph/schema';
import { runGraph } from '../index';
import type { ChatMessage, MemoryPort, MemoryRecord } from '../ports';
import { fakePorts, scriptedModel, type Reply } from '../testing/fake-ports';
import { chain, graph } from '../testing/graphs';

/** A conversation's memory kept in a map, as the DB-backed port keeps it per node. */
function mapMemory(): MemoryPort & { records: Map<string, MemoryRecord> } {
  const records = new Map<string, MemoryRecord>();
  return {
    records,
    load: async (node) => structuredClone(records.get(node)),
    save: async (node, r) => void records.set(node, structuredClone(r)),
  };
}

/** History of `n` earlier turns plus the new user message. */
function conversation(n: number, last: string): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (let i = 1; i <= n; i++) out.push({ role: 'user', content: `question ${i}` }, { role: 'assistant', content: `answer ${i}` });
  return [...out, { role: 'user', content: last }];
}

async function turn(memory: MemorySpec, messages: ChatMessage[], replies: Reply[], port?: MemoryPort) {
  const model = scriptedModel(replies);
  const ports = { ...fakePorts({ model }), ...(port ? { memory: port } : {}) };
  const doc = graph({ chat: { role: 'agent', system_prompt: 'You chat.', memory } }, chain('chat'));
  const input = (messages.at(-1) as { content: string }).content;
  const out = await runGraph({ runId: 'r', doc, input, inputs: { messages }, ports });
  return { out, model, ports, prompt: model.requests.at(-1)!.messages };
}

const contents = (ms: ChatMessage[]) => ms.map((m) => `${m.role}: ${m.content}`);

describe('node memory (engine)', () => {
  it('window: only the last N turns go into the prompt', async () => {
    const { out, prompt, ports } = await turn({ window: 2 }, conversation(3, 'question 4'), ['fine']);
    expect(out.status).toBe('succeeded');
    expect(contents(prompt)).toEqual(['system: You chat.', 'user: question 3', 'assistant: answer 3', 'user: question 4']);
    expect(ports.of('memory.read')[0].data).toEqual({ turns: 4, kept_turns: 2, stored: false });
  });

  it('summary: older turns are summarized once, on a memory span, and the stored summary is reused and extended', async () => {
    const port = mapMemory();
    const first = await turn({ summary: { after: 2 } }, conversation(2, 'question 3'), ['S1: asked 1', 'reply 3'], port);
    const [summaryCall] = first.model.requests;
    expect(summaryCall.messages[1].content).toContain('Summary so far:\n(none)');
    expect(summaryCall.messages[1].content).toContain('User: question 1\nAssistant: answer 1');
    expect(summaryCall.messages[1].content).not.toContain('question 2');
    expect(contents(first.prompt)).toEqual([
      'system: You chat.',
      'system: Summary of the earlier conversation:\nS1: asked 1',
      'user: question 2',
      'assistant: answer 2',
      'user: question 3',
    ]);
    const write = first.ports.of('memory.write')[0];
    expect(write.data).toEqual({ kind: 'summary', from: 0, to: 1, stored: true, summary: 'S1: asked 1' });
    const llm = first.ports.of('llm.request')[0];
    expect(llm.parent_span_id).toBe(write.span_id);
    expect(port.records.get('chat')).toMatchObject({ summary: 'S1: asked 1', summarized_turns: 1, turns: 3 });

    // Next turn: only the newly old turn is sent, with the summary so far.
    const second = await turn({ summary: { after: 2 } }, conversation(3, 'question 4'), ['S2', 'reply 4'], port);
    const call = second.model.requests[0].messages[1].content as string;
    expect(call).toContain('Summary so far:\nS1: asked 1');
    expect(call).toContain('User: question 2');
    expect(call).not.toContain('question 1');
    expect(second.prompt[1].content).toBe('Summary of the earlier conversation:\nS2');
    expect(second.ports.of('memory.read')[0].data).toMatchObject({ turns: 4, kept_turns: 2, summary: 'S1: asked 1', summarized_turns: 1, stored: true });

    // The same turn again (e.g. a resumed node): nothing new to summarize, no model call.
    const again = await turn({ summary: { after: 2 } }, conversation(3, 'question 4'), ['reply 4'], port);
    expect(again.model.requests).toHaveLength(1);
    expect(again.prompt[1].content).toBe('Summary of the earlier conversation:\nS2');
  });

  it('entities: every N turns a model call extracts them; they are given as Known entities and kept', async () => {
    const port = mapMemory();
    const json = '{"entities":[{"name":"Zorblax","kind":"person","summary":"The user; from Mars."}]}';
    const first = await turn({ entities: { every: 1 } }, [{ role: 'user', content: 'My name is Zorblax, from Mars.' }], [json, 'Hi Zorblax'], port);
    expect(first.model.requests[0].messages[1].content).toContain('User: My name is Zorblax, from Mars.');
    expect(first.prompt[1]).toEqual({ role: 'system', content: 'Known entities:\n- Zorblax (person): The user; from Mars.' });
    expect(port.records.get('chat')).toMatchObject({ entities_at_turn: 1 });

    const every2 = await turn({ entities: { every: 2 } }, conversation(1, 'what is my name?'), ['You are Zorblax'], port);
    expect(every2.model.requests).toHaveLength(1); // one turn since the last extraction: not due
    expect(every2.prompt[1].content).toContain('Zorblax (person)');
  });

  it('degrades when entity extraction answers garbage or the summary call fails: the node still answers, the trace says why', async () => {
    const port = mapMemory();
    const memory: MemorySpec = { window: 1, summary: { after: 1 }, entities: { every: 1 } };
    const { out, prompt, ports } = await turn(memory, conversation(1, 'question 2'), [new Error('summary model down'), 'no JSON here', 'reply'], port);
    expect(out.status).toBe('succeeded');
    // The summary failed, so turn 1 is covered by nothing: it stays verbatim (window 1 or not).
    expect(contents(prompt)).toEqual(['system: You chat.', 'user: question 1', 'assistant: answer 1', 'user: question 2']);
    expect(ports.of('memory.write').map((e) => e.data)).toEqual([
      { kind: 'summary', from: 0, to: 1, stored: true, error: 'summary model down' },
      { kind: 'entities', from: 0, to: 2, stored: true, error: 'the entity model did not answer JSON: no JSON here' },
    ]);
    // Nothing was covered: the next turn tries again.
    expect(port.records.get('chat')).toMatchObject({ summarized_turns: 0, entities_at_turn: 0 });
  });

  it('a failing memory model (here: an unknown one) is reported on memory.write and the node goes on', async () => {
    const { out, ports } = await turn({ summary: { after: 1, model: 'nope' } }, conversation(1, 'q'), ['reply']);
    expect(out.status).toBe('succeeded');
    expect(ports.of('memory.write')[0].data.error).toMatch(/model "nope", which is not defined under models/);
  });
});

describe('summary memory never drops a turn (engine, stored memory)', () => {
  /** A summarizer that keeps everything: the summary so far plus the new lines, so a covered turn's text stays findable. */
  const summarizer = (req: { messages: ChatMessage[] }) => {
    const text = String(req.messages[1].content);
    const so = /Summary so far:\n([\s\S]*?)\n\nNew lines of the conversation:\n([\s\S]*?)\n\nNew summary:/.exec(text)!;
    return [so[1] === '(none)' ? '' : so[1], so[2]].filter(Boolean).join('\n');
  };
  const TURNS = 6;

  for (const window of [1, 2, 3]) {
    for (const after of [1, 2, 3]) {
      it(`window ${window}, after ${after}: every earlier turn is in the prompt or its summary, for ${TURNS} turns`, async () => {
        const port = mapMemory();
        for (let n = 0; n < TURNS; n++) {
          const messages = conversation(n, `question ${n + 1}`);
          const replies: Reply[] = [(req) => (String(req.messages[0].content).includes('running summary') ? summarizer(req) : `reply ${n + 1}`)];
          replies.push(replies[0]); // at most one summary call and the node's own
          const { out, prompt } = await turn({ window, summary: { after } }, messages, replies, port);
          expect(out.status).toBe('succeeded');
          const verbatim = contents(prompt).join('\n');
          const note = prompt.find((m) => m.role === 'system' && String(m.content).startsWith('Summary of the earlier conversation:'));
          const summary = note ? String(note.content) : '';
          for (let i = 1; i <= n; i++) {
            const inPrompt = verbatim.includes(`user: question ${i}\n`) && verbatim.includes(`assistant: answer ${i}`);
            const inSummary = summary.includes(`User: question ${i}\n`) && summary.includes(`Assistant: answer ${i}`);
            expect(inPrompt || inSummary, `turn ${n + 1}: turn ${i} is neither in the prompt nor in the summary`).toBe(true);
          }
          expect(contents(prompt).at(-1)).toBe(`user: question ${n + 1}`);
        }
      });
    }
  }
});
