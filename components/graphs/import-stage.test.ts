import { describe, expect, it } from 'vitest';
import { parseGraphYaml } from '@/lib/graph/yaml';
import { importStage, stageNote } from './import-stage';

const errorsOf = (text: string) => {
  const r = parseGraphYaml(text);
  if (r.ok) throw new Error('expected problems');
  return r.errors;
};

describe('import stage', () => {
  it('a YAML syntax error stops before the graph is checked', () => {
    const stage = importStage(errorsOf('switchyard: 1\nname: [unclosed\n'));
    expect(stage).toBe('yaml');
    expect(stageNote(stage)).toMatch(/not checked yet/);
  });
  it('field errors are all listed, with a note that the rules come later', () => {
    const errors = errorsOf('switchyard: 1\nname: g\nnodes:\n  a: { role: agent, max_steps: "x" }\n  b: { role: nope }\nedges: []\n');
    expect(importStage(errors)).toBe('fields');
  });
  it('field errors that are only values out of format do not stop the rules: both listed, no note', () => {
    const errors = errorsOf('switchyard: 1\nname: -g\nnodes:\n  a: { role: human, prompt: Approve? }\nedges:\n  - { from: START, to: a }\n  - { from: a, to: ghost }\n');
    expect(errors.map((e) => e.path)).toEqual(['name', 'edges[1].to']);
    expect(importStage(errors)).toBe('rules');
  });
  it('rule errors come from the last pass: no note', () => {
    const errors = errorsOf('switchyard: 1\nname: g\nnodes:\n  a: { role: agent, model: missing }\nedges:\n  - { from: START, to: a }\n  - { from: a, to: ghost }\n');
    expect(importStage(errors)).toBe('rules');
    expect(errors.length).toBeGreaterThan(1);
    expect(stageNote('rules')).toBeNull();
  });
});
