import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITER_REVIEWER_YAML } from './testing/fixtures';
import { parseGraphYaml } from './yaml';

function refused(text: string) {
  const r = parseGraphYaml(text);
  if (r.ok) throw new Error(`expected the input to be refused:\n${text.slice(0, 200)}`);
  for (const e of r.errors) {
    expect(e.severity).toBe('error');
    expect(e.message.length).toBeGreaterThan(5);
  }
  return r.errors;
}

/** Deterministic pseudo-random bytes (no Math.random: failures must reproduce). */
function garbage(n: number, seed = 42): Buffer {
  const out = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >> 16;
  }
  return out;
}

const BILLION_LAUGHS = `switchyard: 1
name: lol
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
`;

describe('parseGraphYaml refuses hostile and broken input', () => {
  let protoBefore: string[];
  beforeAll(() => {
    protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();
  });

  it.each([
    ['billion laughs (anchors and aliases)', BILLION_LAUGHS, 'yaml_anchor', 3, 4],
    ['an alias on its own', 'switchyard: 1\nname: *x\n', 'yaml_alias', 2, 7],
    ['a !!js/function tag', 'switchyard: 1\nname: !!js/function "function(){return 1}"\n', 'yaml_tag', 2, 7],
    ['a custom !foo tag', 'switchyard: 1\nname: x\nnodes: !foo {}\n', 'yaml_tag', 3, 8],
    ['even a core !!str tag', 'switchyard: 1\nname: !!str x\n', 'yaml_tag', 2, 7],
    ['a %TAG directive', '%TAG !e! tag:example.com,2000:\n---\nswitchyard: 1\n', 'yaml_directive', 1, 1],
    ['a %YAML 1.1 directive (it would switch on merge keys and yes/no booleans)', '%YAML 1.1\n---\nswitchyard: 1\n', 'yaml_directive', 1, 1],
    ['merge keys', 'switchyard: 1\nname: x\nnodes:\n  a:\n    <<: { role: agent }\n', 'yaml_merge_key', 5, 5],
    ['a duplicate key', 'switchyard: 1\nname: x\nnodes:\n  a: { role: agent }\n  a: { role: human }\n', 'yaml_duplicate_key', 5, 3],
    ['a duplicate key inside a flow map', 'switchyard: 1\nname: x\nlimits: { timeout_s: 1, timeout_s: 2 }\n', 'yaml_duplicate_key', 3, 25],
    ['a __proto__ key at the top', 'switchyard: 1\n__proto__: { polluted: yes }\n', 'forbidden_key', 2, 1],
    ['a nested __proto__ key', 'switchyard: 1\nname: x\nnodes:\n  a:\n    __proto__:\n      polluted: yes\n', 'forbidden_key', 5, 5],
    ['a quoted "__proto__" key', 'switchyard: 1\nname: x\ntools:\n  t: { "__proto__": { polluted: 1 } }\n', 'forbidden_key', 4, 8],
    ['a constructor key', 'switchyard: 1\nname: x\nstate:\n  constructor: { prototype: { polluted: 1 } }\n', 'forbidden_key', 4, 3],
    // 65 levels counting the top mapping: refused by the walk over the CST (at the 64th bracket)
    ['64 levels of [ under the top mapping', `switchyard: 1\nname: ${'['.repeat(64)}${']'.repeat(64)}\n`, 'too_deep', 2, 70],
    // deeper: refused while lexing, before the parser builds anything (at the 65th bracket)
    ['5,000 levels of [', `switchyard: 1\nname: ${'['.repeat(5000)}${']'.repeat(5000)}\n`, 'too_deep', 2, 71],
    ['5,000 levels of {a:', `switchyard: 1\nname: ${'{a: '.repeat(5000)}1${'}'.repeat(5000)}\n`, 'too_deep', 2, 263],
    ['5,000 levels of block sequences', `switchyard: 1\nname:\n  ${'- '.repeat(5000)}x\n`, 'too_deep', 3, 131],
    ['a NUL byte', 'switchyard: 1\nname: a\u0000b\n', 'binary', 2, 8],
    ['a second document', 'switchyard: 1\nname: a\n---\nswitchyard: 1\nname: b\n', 'yaml_multiple_documents', 3, 1],
    ['an unknown format version', 'switchyard: 2\nname: future\nnodes: {}\nedges: []\n', 'unknown_version', 1, 13],
    ['a version given as text', 'switchyard: "1"\nname: x\nnodes: {}\nedges: []\n', 'unknown_version', 1, 13],
    ['a missing version', 'name: x\nnodes: {}\nedges: []\n', 'unknown_version', 1, 1],
    ['an unknown role', WRITER_REVIEWER_YAML.replace('role: agent\n    tools', 'role: wizard\n    tools'), 'invalid_role', 11, 11],
    ['a syntax error', 'switchyard: 1\nname: [unclosed\n', 'yaml_syntax', 3, 1],
  ])('%s', (_name, text, code, line, col) => {
    const errors = refused(text);
    expect(errors[0]).toMatchObject({ code, line, col });
  });

  it('names the path of a duplicate key', () => {
    const [e] = refused('switchyard: 1\nname: x\nnodes:\n  a: { role: agent }\n  a: { role: human }\n');
    expect(e).toMatchObject({ path: 'nodes.a', message: 'nodes.a: duplicate key "a": keys must be unique' });
  });

  it('a 2 MiB file is refused before parsing', () => {
    const big = `switchyard: 1\nname: big\ndescription: "${'x'.repeat(2 * 1024 * 1024)}"\n`;
    expect(refused(big)[0]).toMatchObject({ code: 'too_large' });
  });

  it('counts bytes, not characters, against the size cap', () => {
    const text = `switchyard: 1\nname: big\ndescription: "${'€'.repeat(400_000)}"\n`; // 1.2 MB of UTF-8
    expect(text.length).toBeLessThan(1024 * 1024);
    expect(refused(text)[0]).toMatchObject({ code: 'too_large' });
  });

  it('binary garbage gets a clear error with a position', () => {
    const errors = refused(garbage(4096).toString('utf8'));
    expect(errors[0].code).toBe('binary');
    expect(errors[0].message).toMatch(/not a text file/);
    expect(errors[0].line).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['an empty file', ''],
    ['only comments', '# nothing here\n'],
    ['a top-level list', '- a\n- b\n'],
    ['a bare scalar', 'hello\n'],
    ['null', 'null\n'],
  ])('refuses %s as a graph document', (_name, text) => {
    refused(text);
  });

  it('never throws, whatever it is given', () => {
    const inputs: unknown[] = [undefined, null, 42, {}, '\uFEFF', '\t', ':', '{', '}', '- - -', '? ? ?', '&', '*', '!', '|', '>\n x', 'a: "\\x"'];
    for (const input of inputs) expect(() => parseGraphYaml(input as string)).not.toThrow();
  });

  afterAll(() => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves Object.prototype untouched after the whole corpus', () => {
    for (const text of [
      'switchyard: 1\n__proto__: { polluted: yes }\n',
      'switchyard: 1\nname: x\nnodes:\n  constructor:\n    prototype:\n      polluted: yes\n',
    ]) {
      parseGraphYaml(text);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
  });
});
