/** Which trace events become streamed answer text (answer-stream.ts), over synthetic events. */
import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '@/lib/contracts/trace';
import type { GraphDocument } from '@/lib/graph/schema';
import { AnswerStream, answerNodes, ending } from './answer-stream';

const models = { default: { connection: 'default', model: 'm' } };

/** writer -> reviewer -> (revise ? writer : END); solo -> END; a worker `helper` with no edges. */
const doc: GraphDocument = {
  switchyard: 1,
  name: 'g',
  models,
  nodes: {
    writer: { role: 'agent' },
    reviewer: { role: 'agent' },
    solo: { role: 'agent', strategy: 'react' },
    helper: { role: 'agent' },
    planner: { role: 'planner' },
    custom: { role: 'agent', strategy: 'react', final_answer_pattern: 'ANSWER:(.*)' },
  },
  edges: [
    { from: 'START', to: 'writer' },
    { from: 'writer', to: 'reviewer' },
    { from: 'reviewer', branches: [{ when: 'state.v == "revise"', to: 'writer' }, { else: 'END' }] },
    { from: 'solo', to: 'END' },
    { from: 'planner', to: 'END' },
    { from: 'custom', to: 'END' },
  ],
};

/** Builds events with increasing seq. */
function events() {
  let seq = 0;
  const ev = (type: TraceEvent['type'], node: string, span: string, parent: string | undefined, data: Record<string, unknown> = {}): TraceEvent => ({
    seq: ++seq,
    run_id: 'r',
    ts: '',
    type,
    step: 1,
    node,
    span_id: span,
    ...(parent ? { parent_span_id: parent } : {}),
    data,
  });
  return {
    started: (node: string, span: string, caller?: string) => ev('node.started', node, span, caller ? 'tool-span' : 'run', caller ? { role: 'agent', caller } : { role: 'agent' }),
    /** An llm.delta the engine marked as answer text (`answer: false`: other text of the call). */
    delta: (node: string, llm: string, nodeSpan: string, text: string, answer = true) => ev('llm.delta', node, llm, nodeSpan, answer ? { text, answer } : { text }),
    response: (node: string, llm: string, nodeSpan: string) => ev('llm.response', node, llm, nodeSpan),
    retry: (node: string, llm: string, nodeSpan: string) => ev('llm.retry', node, llm, nodeSpan, { attempt: 1, wait_ms: 0, reason: 'incomplete stream' }),
    edge: (node: string, nodeSpan: string, to: string) => ev('edge.taken', node, nodeSpan, 'run', { from: node, to }),
  };
}

const feed = (s: AnswerStream, list: TraceEvent[]) => list.map((e) => s.push(e)).filter(Boolean);

describe('answerNodes', () => {
  it('keeps nodes that can go to END: live when END is the only way on, held when a branch may go elsewhere', () => {
    expect(Object.fromEntries(answerNodes(doc))).toEqual({
      reviewer: 'held',
      solo: 'live',
      helper: 'live',
      planner: 'live',
      custom: 'live',
    });
  });
});

describe('AnswerStream', () => {
  it('streams a live node as its deltas come, holding back trailing whitespace, and ignores repeated seqs', () => {
    const s = new AnswerStream({ ...doc, nodes: { ...doc.nodes, solo: { role: 'agent' } } });
    const e = events();
    const started = e.started('solo', 'n1');
    const d1 = e.delta('solo', 'l1', 'n1', 'Hello ');
    expect(feed(s, [started, d1, e.delta('solo', 'l1', 'n1', 'world \n')])).toEqual(['Hello', ' world']);
    expect(s.push(d1)).toBe('');
    expect(s.streamed).toBe('Hello world');
  });

  it('streams only the text the engine marked as answer (react: what follows Final Answer)', () => {
    const s = new AnswerStream(doc);
    const e = events();
    const out = feed(s, [
      e.started('solo', 'n1'),
      e.delta('solo', 'l1', 'n1', 'Thought: I know it\nFinal Answer: ', false),
      e.delta('solo', 'l1', 'n1', 'It is'),
      e.delta('solo', 'l1', 'n1', ' 42.'),
      e.delta('solo', 'l1', 'n1', '\nObservation: x', false),
    ]);
    expect(out).toEqual(['It is', ' 42.']);
  });

  it('holds a branching node’s text until its edge to END is taken, and drops it when it loops back', () => {
    const s = new AnswerStream(doc);
    const e = events();
    expect(
      feed(s, [e.started('reviewer', 'n1'), e.delta('reviewer', 'l1', 'n1', 'revise'), e.response('reviewer', 'l1', 'n1'), e.edge('reviewer', 'n1', 'writer')]),
    ).toEqual([]);
    expect(
      feed(s, [e.started('reviewer', 'n2'), e.delta('reviewer', 'l2', 'n2', 'looks '), e.delta('reviewer', 'l2', 'n2', 'good'), e.response('reviewer', 'l2', 'n2')]),
    ).toEqual([]);
    expect(feed(s, [e.edge('reviewer', 'n2', 'END')])).toEqual(['looks good']);
  });

  it('ignores a node run as a worker / agent tool, and text not marked as answer', () => {
    const s = new AnswerStream(doc);
    const e = events();
    expect(feed(s, [e.started('helper', 'w1', 'boss'), e.delta('helper', 'l1', 'w1', 'worker text')])).toEqual([]);
    expect(feed(s, [e.started('planner', 'p1'), e.delta('planner', 'l2', 'p1', '1. plan', false)])).toEqual([]);
  });

  it('streams one call at a time: a call that ran beside the streaming one is never streamed', () => {
    const s = new AnswerStream({ ...doc, nodes: { ...doc.nodes, solo: { role: 'agent' } } });
    const e = events();
    const out = feed(s, [
      e.started('helper', 'a'),
      e.started('solo', 'b'),
      e.delta('helper', 'la', 'a', 'first'),
      e.delta('solo', 'lb', 'b', 'second'),
      e.delta('helper', 'la', 'a', ' answer'),
      e.response('helper', 'la', 'a'),
      e.delta('solo', 'lb', 'b', ' more'),
    ]);
    expect(out).toEqual(['first', ' answer']);
  });
});

describe('ending', () => {
  it('sends the rest when the streamed text begins the answer, else the whole answer after a blank line', () => {
    expect(ending('', 'all of it')).toBe('all of it');
    expect(ending('all of', 'all of it  ')).toBe(' it  ');
    expect(ending('draft text', 'the answer')).toBe('\n\nthe answer');
    expect(ending('something', '')).toBe('');
  });
});

describe('a retried model call (a stream cut short)', () => {
  it('starts its text over: the retry sends only what goes past the text already sent, never the cut text twice', () => {
    const e = events();
    const s = new AnswerStream(doc);
    const sent = feed(s, [e.started('solo', 'n1'), e.delta('solo', 'l1', 'n1', 'The ans'), e.retry('solo', 'l1', 'n1'), e.delta('solo', 'l1', 'n1', 'The answer '), e.delta('solo', 'l1', 'n1', 'is 42.'), e.response('solo', 'l1', 'n1')]);
    expect(sent.join('')).toBe('The answer is 42.');
    expect(s.streamed).toBe('The answer is 42.');
  });
});
