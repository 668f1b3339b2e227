import { describe, expect, it } from 'vitest';
import type { EdgeSpec } from '../graph/schema';
import { nextAfter, type FinishedNode } from './edges';
import { agent, graph } from './testing/graphs';

/** writer -> reviewer -> (verdict starts with "revise": writer | else: END). */
const review: EdgeSpec[] = [
  { from: 'START', to: 'writer' },
  { from: 'writer', to: 'reviewer' },
  { from: 'reviewer', branches: [{ when: 'state.verdict.startsWith("revise")', to: 'writer', label: 'revise' }, { else: 'END' }] },
];
const writerReviewer = () => graph({ writer: agent(), reviewer: agent({ output: 'verdict' }) }, review, { state: { verdict: { type: 'string' } } });
const reviewed: FinishedNode[] = [{ id: 'reviewer', output: 'revise' }];

describe('nextAfter (the frontier recomputed from an edited state)', () => {
  it('fires the conditional edge again on the edited state: approve ends, revise goes back to the writer', () => {
    expect(nextAfter(writerReviewer(), reviewed, { messages: [], verdict: 'approve' }, [])).toEqual({ next: [], waiting: [] });
    expect(nextAfter(writerReviewer(), reviewed, { messages: [], verdict: 'revise' }, [])).toEqual({ next: ['writer'], waiting: [] });
  });

  it('sees the recorded output and the last message, as the scheduler does', () => {
    const doc = graph({ a: agent(), b: agent(), c: agent() }, [
      { from: 'START', to: 'a' },
      { from: 'a', branches: [{ when: 'output == "go b"', to: 'b' }, { when: 'last == "to c"', to: 'c' }, { else: 'END' }] },
    ]);
    expect(nextAfter(doc, [{ id: 'a', output: 'go b' }], { messages: [] }, []).next).toEqual(['b']);
    const messages = [{ role: 'assistant', content: 'to c', name: 'a' }];
    expect(nextAfter(doc, [{ id: 'a', output: 'x' }], { messages }, []).next).toEqual(['c']);
    expect(nextAfter(doc, [{ id: 'a', output: 'x' }], { messages: [] }, []).next).toEqual([]);
  });

  it("keeps an LLM router's recorded pick and a human node's rejection (only its conditional branch fires)", () => {
    const doc = graph({ r: { role: 'router', mode: 'llm' } as never, x: agent(), y: agent() }, [
      { from: 'START', to: 'r' },
      { from: 'r', branches: [{ when: 'true', to: 'x', label: 'left' }, { else: 'y', label: 'right' }] },
    ]);
    expect(nextAfter(doc, [{ id: 'r', output: null, route: { label: 'right', reason: 'the model said so' } }], { messages: [] }, []).next).toEqual(['y']);

    const human = graph({ ask: { role: 'human', prompt: 'ok?' }, publish: agent(), redo: agent() }, [
      { from: 'START', to: 'ask' },
      { from: 'ask', to: 'publish' },
      { from: 'ask', branches: [{ when: 'false', to: 'redo' }, { else: 'redo' }] },
    ]);
    expect(nextAfter(human, [{ id: 'ask', output: null, rejected: true }], { messages: [] }, []).next).toEqual(['redo']);
    expect(nextAfter(human, [{ id: 'ask', output: null }], { messages: [] }, []).next.sort()).toEqual(['publish', 'redo']);
  });

  it('joins with the nodes that were waiting before the step (join rule)', () => {
    // START fans out to a and b1 -> b2; join waits for both branches.
    const doc = graph({ a: agent(), b1: agent(), b2: agent(), join: agent() }, [
      { from: 'START', to: 'a' },
      { from: 'START', to: 'b1' },
      { from: 'a', to: 'join' },
      { from: 'b1', to: 'b2' },
      { from: 'b2', to: 'join' },
    ]);
    expect(nextAfter(doc, [{ id: 'a', output: null }, { id: 'b1', output: null }], { messages: [] }, [])).toEqual({ next: ['b2'], waiting: ['join'] });
    expect(nextAfter(doc, [{ id: 'b2', output: null }], { messages: [] }, ['join'])).toEqual({ next: ['join'], waiting: [] });
  });

  it('at step 0 fires START; a condition that fails on the edited state throws the engine error', () => {
    const doc = graph({ a: agent(), b: agent() }, [{ from: 'START', branches: [{ when: 'state.mode == "b"', to: 'b' }, { else: 'a' }] }], { state: { mode: { type: 'string' } } });
    expect(nextAfter(doc, [{ id: 'START', output: null }], { messages: [], mode: 'b' }, []).next).toEqual(['b']);
    const strict = graph({ a: agent() }, [{ from: 'START', to: 'a' }, { from: 'a', branches: [{ when: 'state.n > 1', to: 'a' }] }], { state: { n: { type: 'number' } } });
    expect(() => nextAfter(strict, [{ id: 'a', output: null }], { messages: [], n: 0 }, [])).toThrow(/none of the conditions/);
  });
});
