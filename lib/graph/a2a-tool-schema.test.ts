/** The `a2a` tool in YAML: its fields, and mistakes reported at their path and line. */
import { describe, expect, it } from 'vitest';
import { parseGraphYaml } from './yaml';

function graphYaml(tool: string): string {
  return `switchyard: 1
name: a2a-check
models: { default: { connection: default, model: m } }
tools:
  helper:
    type: a2a
${tool}
nodes:
  a: { role: agent, tools: [helper] }
edges:
  - { from: START, to: a }
  - { from: a, to: END }
`;
}

function errorsOf(yaml: string) {
  const parsed = parseGraphYaml(yaml);
  return parsed.ok ? [] : parsed.errors.map((p) => `${p.path} ${p.line}:${p.col} ${p.message}`);
}

describe('a2a tool (YAML)', () => {
  it('a card URL, a description, headers as env references and a timeout: valid', () => {
    const parsed = parseGraphYaml(graphYaml(`    card_url: https://agents.example.org/api/a2a/weather/agent-card.json\n    description: Ask the weather agent\n    headers: { Authorization: 'Bearer \${env:TOOL_WEATHER_KEY}' }\n    timeout_s: 60`));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.doc.tools?.helper).toMatchObject({ type: 'a2a', card_url: 'https://agents.example.org/api/a2a/weather/agent-card.json', timeout_s: 60 });
  });

  it('no card_url, or one that is not http(s): an error at the tool / the field, with its line', () => {
    expect(errorsOf(graphYaml('    description: no card'))).toEqual([expect.stringMatching(/^tools\.helper\.card_url 5:3 .*missing required field "card_url"/)]);
    const [bad] = errorsOf(graphYaml('    card_url: ftp://agents.example.org/card.json'));
    expect(bad).toMatch(/^tools\.helper\.card_url 7:15 .*must be an http\(s\) URL of the agent card/);
  });

  it('a literal credential in headers: literal_secret at the header, with its line', () => {
    const [err] = errorsOf(graphYaml('    card_url: https://agents.example.org/card.json\n    headers:\n      Authorization: Bearer sk-literal'));
    expect(err).toMatch(/^tools\.helper\.headers\.Authorization 9:22 .*holds a literal value/);
  });

  it('an unknown field: refused at the tool', () => {
    const [err] = errorsOf(graphYaml('    card_url: https://agents.example.org/card.json\n    url: https://elsewhere.example.org'));
    expect(err).toMatch(/^tools\.helper/);
    expect(err).toContain('url');
  });
});
