/** Small valid graph documents for tests: each call returns a fresh copy to mutate. */
import type { GraphDocument } from '../schema';

/** START -> writer -> reviewer -> (revise ? writer : END), one model, one tool, a verdict channel. */
export function writerReviewerGraph(): GraphDocument {
  return {
    switchyard: 1,
    name: 'writer-reviewer',
    models: { default: { connection: 'default', model: 'gpt-4o-mini', temperature: 0 } },
    tools: { calc: { type: 'calculator' } },
    state: { verdict: { type: 'string' } },
    nodes: {
      writer: { role: 'agent', system_prompt: 'Write.', tools: ['calc'] },
      reviewer: { role: 'agent', system_prompt: 'Review.', output: 'verdict' },
    },
    edges: [
      { from: 'START', to: 'writer' },
      { from: 'writer', to: 'reviewer' },
      { from: 'reviewer', branches: [{ when: 'state.verdict == "revise"', to: 'writer' }, { else: 'END' }] },
    ],
    layout: { writer: { x: 0, y: 0 }, reviewer: { x: 0, y: 200 } },
  };
}

/** The same graph as YAML text, with known line numbers (line 12 is the writer's tools list). */
export const WRITER_REVIEWER_YAML = `switchyard: 1
name: writer-reviewer
models:
  default: { connection: default, model: gpt-4o-mini, temperature: 0 }
tools:
  calc: { type: calculator }
state:
  verdict: { type: string }
nodes:
  writer:
    role: agent
    tools: [ calc ]
  reviewer:
    role: agent
    output: verdict
edges:
  - { from: START, to: writer }
  - { from: writer, to: reviewer }
  - from: reviewer
    branches:
      - { when: state.verdict == "revise", to: writer }
      - { else: END }
`;
