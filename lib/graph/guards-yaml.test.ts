/** `guards:` and `output_schema:` in YAML: the round trip keeps them as written, and validation flags bad ones at their line. */
import { describe, expect, it } from 'vitest';
import { parseGraphYaml, stringifyGraph } from './yaml';

const GRAPH = `switchyard: 1
name: guarded
models:
  default: { connection: default, model: gpt-4o-mini }
  judge: { connection: default, model: gpt-4o-mini }
state:
  facts: { type: json }
nodes:
  assistant:
    role: agent
    system_prompt: You are helpful.
    guards:
      input:
        - { check: pii, kinds: [email, card], action: redact }
        - { check: injection, model: judge, threshold: 0.7, message: Not allowed. }
      output:
        - { check: moderation, categories: [violence], threshold: 0.5, action: flag }
        - { check: max_chars, max: 2000 }
        - { check: regex, pattern: "(?i)internal only", action: block }
        - check: json_schema
          schema: { type: object, required: [answer] }
    output_schema:
      type: object
      properties:
        answer: { type: string }
        sources: { type: array, items: { type: string, pattern: "^https?://" } }
      required: [answer]
    output: facts
  sorry:
    role: agent
edges:
  - { from: START, to: assistant }
  - from: assistant
    branches:
      - { when: guard.failed, to: sorry }
      - { else: END }
  - { from: sorry, to: END }
guards:
  input: [{ check: pii }]
  output: [{ check: max_chars, max: 10000 }]
`;

describe('guards and output_schema in YAML', () => {
  it('import then export gives the same text, and again the same document', () => {
    const parsed = parseGraphYaml(GRAPH);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const text = stringifyGraph(parsed.doc);
    const back = parseGraphYaml(text);
    if (!back.ok) throw new Error(JSON.stringify(back.errors));
    expect(back.doc).toStrictEqual(parsed.doc);
    expect(stringifyGraph(back.doc)).toBe(text);
    expect(parsed.doc.guards?.input).toEqual([{ check: 'pii' }]);
    expect(parsed.doc.nodes.assistant).toMatchObject({ guards: { input: [{ check: 'pii', kinds: ['email', 'card'] }, { check: 'injection', model: 'judge' }] }, output_schema: { required: ['answer'] } });
  });

  function errorsOf(yaml: string) {
    const r = parseGraphYaml(yaml);
    if (r.ok) return [];
    return r.errors.map((e) => ({ code: e.code, line: e.line, message: e.message }));
  }
  const lineOf = (yaml: string, needle: string) => yaml.split('\n').findIndex((l) => l.includes(needle)) + 1;

  it('flags an output_schema with a bad type, a schema pattern RE2 cannot run and an unknown judge model at their lines', () => {
    const bad = GRAPH.replace('answer: { type: string }', 'answer: { type: text }')
      .replace('pattern: "^https?://"', 'pattern: "(?=x)"')
      .replace('model: judge, threshold', 'model: nojudge, threshold');
    const errors = errorsOf(bad);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'bad_schema', line: lineOf(bad, 'type: text'), message: expect.stringMatching(/output_schema\.properties\.answer\.type: unknown type "text"/) }),
        expect.objectContaining({ code: 'bad_pattern', line: lineOf(bad, '(?=x)') }),
        expect.objectContaining({ code: 'unknown_model', line: lineOf(bad, 'nojudge'), message: expect.stringContaining('unknown model "nojudge"') }),
      ]),
    );
  });

  it('flags an output_schema that is not an object schema, a bad regex guard and an unknown check', () => {
    const notObject = GRAPH.replace(/output_schema:\n {6}type: object/, 'output_schema:\n      type: array');
    expect(errorsOf(notObject)).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'bad_schema', message: expect.stringContaining('type: object') })]));
    const badRegex = GRAPH.replace('(?i)internal only', '(a)\\\\1');
    expect(errorsOf(badRegex)).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'bad_pattern', line: lineOf(badRegex, '(a)') })]));
    const unknown = GRAPH.replace('{ check: max_chars, max: 2000 }', '{ check: profanity }');
    expect(errorsOf(unknown).length).toBeGreaterThan(0);
    expect(errorsOf(unknown)[0].line).toBe(lineOf(unknown, 'profanity'));
  });

  it('a router output_schema needs a label property', () => {
    const router = `switchyard: 1
name: r
models:
  default: { connection: default, model: m }
nodes:
  pick:
    role: router
    mode: llm
    output_schema: { type: object, properties: { topic: { type: string } } }
  a: { role: agent }
edges:
  - { from: START, to: pick }
  - from: pick
    branches:
      - { when: "true", to: a, label: a }
      - { else: END }
  - { from: a, to: END }
`;
    expect(errorsOf(router)).toEqual([expect.objectContaining({ code: 'bad_schema', message: expect.stringContaining('`label` property') })]);
  });
});
