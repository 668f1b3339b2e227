import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateCondition } from './cel';
import { parseGraphYaml, stringifyGraph } from './yaml';
import { isGraphFile } from './file-names';

const dir = path.resolve(__dirname, '../../examples');
const files = readdirSync(dir).filter(isGraphFile).sort();

describe('example graphs', () => {
  it('ships the four examples', () => {
    expect(files).toEqual(expect.arrayContaining(['mrkl-agent.yaml', 'plan-execute.yaml', 'supervisor-team.yaml', 'writer-reviewer.yaml']));
  });

  describe.each(files)('%s', (file) => {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const r = parseGraphYaml(text);

    it('parses with no errors and no warnings', () => {
      expect(r.ok ? r.warnings : r.errors).toEqual([]);
    });

    it('is canonical: exactly what stringifyGraph writes', () => {
      if (!r.ok) throw new Error('does not parse');
      expect(stringifyGraph(r.doc)).toBe(text);
    });

    it('is named after its file, uses the default connection with gpt-4o-mini at temperature 0, and lays out every node', () => {
      if (!r.ok) throw new Error('does not parse');
      expect(r.doc.name).toBe(file.replace(/\.yaml$/, ''));
      expect(r.doc.description?.length).toBeGreaterThan(40);
      expect(Object.values(r.doc.models ?? {})).toEqual([{ connection: 'default', model: 'gpt-4o-mini', temperature: 0 }]);
      for (const id of Object.keys(r.doc.nodes)) expect(r.doc.layout?.[id], `layout of ${id}`).toBeDefined();
    });
  });

  it('mrkl-agent is one react agent with search and calculator tools', () => {
    const r = parseGraphYaml(readFileSync(path.join(dir, 'mrkl-agent.yaml'), 'utf8'));
    if (!r.ok) throw new Error('does not parse');
    expect(Object.values(r.doc.nodes)).toEqual([expect.objectContaining({ role: 'agent', strategy: 'react', tools: ['search', 'calculator'] })]);
    expect(r.doc.tools?.search).toMatchObject({ type: 'http', url: 'https://search.example.com/search?q={query}' });
  });

  it('writer-reviewer loops back to the writer when the verdict starts with "revise" (then come its notes)', () => {
    const r = parseGraphYaml(readFileSync(path.join(dir, 'writer-reviewer.yaml'), 'utf8'));
    if (!r.ok) throw new Error('does not parse');
    const when = 'state.verdict.lowerAscii().startsWith("revise")';
    expect(r.doc.edges).toContainEqual({ from: 'reviewer', branches: [{ when, to: 'writer', label: 'revise' }, { else: 'END' }] });
    for (const [verdict, loops] of [['revise', true], ['Revise\nAdd a title.', true], ['approve', false]] as const) {
      expect(evaluateCondition(when, { state: { verdict } })).toBe(loops);
    }
  });
});
