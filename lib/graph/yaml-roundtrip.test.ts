import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GraphDocument } from './schema';
import { graphArb, TRICKY_STRINGS } from './testing/arbitraries';
import { validateGraph } from './validate';
import { parseGraphYaml, stringifyGraph } from './yaml';

/** Generated objects may have a null prototype; the parser returns plain objects. */
const plain = <T>(v: T): T => structuredClone(v);

function parseOk(text: string) {
  const r = parseGraphYaml(text);
  if (!r.ok) throw new Error(`parse failed:\n${r.errors.map((e) => `${e.line}:${e.col} ${e.message}`).join('\n')}\n---\n${text}`);
  return r.doc;
}

describe('YAML round trip', () => {
  it('generated graphs are valid documents (the generator itself is sound)', () => {
    fc.assert(
      fc.property(graphArb, (doc) => {
        expect(GraphDocument.safeParse(doc).success).toBe(true);
        expect(validateGraph(doc).errors).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('parse(stringify(doc)) gives back the same document and stringify is a fixed point', () => {
    fc.assert(
      fc.property(graphArb, (doc) => {
        const text = stringifyGraph(doc);
        const back = parseOk(text);
        expect(back).toStrictEqual(plain(doc));
        expect(stringifyGraph(back)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('every tricky string survives as a description, a prompt line and a header value', () => {
    for (const s of TRICKY_STRINGS) {
      const doc: GraphDocument = {
        switchyard: 1,
        name: 'tricky',
        description: s,
        models: { default: { connection: 'default', model: 'gpt-4o-mini' } },
        tools: { api: { type: 'http', url: 'https://api.example.com/{q}', headers: { 'X-Note': s } } },
        nodes: { a: { role: 'agent', system_prompt: `${s}\n${s}`, label: s, tools: ['api'] } },
        edges: [{ from: 'START', to: 'a' }, { from: 'a', to: 'END', label: s }],
      };
      const text = stringifyGraph(doc);
      expect(parseOk(text)).toStrictEqual(doc);
      expect(stringifyGraph(parseOk(text))).toBe(text);
    }
  });
});
