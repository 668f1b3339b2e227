/**
 * Import cost grows linearly with the file: big-but-legal documents import within the default test
 * timeout (a loose guard, no timings asserted), and deep nesting is refused before it is built.
 */
import { describe, expect, it } from 'vitest';
import { WRITER_REVIEWER_YAML } from './testing/fixtures';
import { parseGraphYaml } from './yaml';
import { MAX_YAML_NODES } from './yaml-scan';

const ENTRIES = 40_000;

/** The fixture with a layout of `n` lines made by `line(i)`. */
function withLayout(n: number, line: (i: number) => string): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(line(i));
  expect(WRITER_REVIEWER_YAML).not.toMatch(/^layout:/m);
  return `${WRITER_REVIEWER_YAML}layout:\n${lines.join('\n')}\n`;
}

describe('YAML import at scale', () => {
  it(`imports and validates ${ENTRIES.toLocaleString('en-US')} layout entries, each warning placed at its line`, () => {
    const text = withLayout(ENTRIES, (i) => `  g${i}: {x: 1, y: 2}`);
    expect(text.length).toBeGreaterThan(800_000);
    const r = parseGraphYaml(text);
    if (!r.ok) throw new Error(r.errors[0].message);
    const unknown = r.warnings.filter((w) => w.code === 'layout_unknown_node');
    expect(unknown).toHaveLength(ENTRIES);
    const last = unknown.find((w) => w.path === `layout.g${ENTRIES - 1}`)!;
    const lineOf = text.split('\n').findIndex((l) => l.startsWith(`  g${ENTRIES - 1}:`)) + 1;
    expect(last.line).toBe(lineOf);
  });

  it('reports every duplicate among many keys, each at its line', () => {
    const n = 20_000;
    const text = withLayout(2 * n, (i) => `  g${i % n}: {x: 1, y: 2}`);
    const r = parseGraphYaml(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const dups = r.errors.filter((e) => e.code === 'yaml_duplicate_key');
    expect(dups).toHaveLength(n);
    expect(dups.find((e) => e.path === 'layout.g0')).toMatchObject({ message: 'layout.g0: duplicate key "g0": keys must be unique' });
  });

  it.each([
    ['[', '['],
    ['{a: ', '{a: '],
    ['[{', '[{'],
    ['- ', '- '],
    ['? ', '? '],
  ])('refuses 1 MiB of %j as too deep', (_name, unit) => {
    const text = `switchyard: 1\nname: ${unit.repeat(Math.floor((1024 * 1024 - 30) / unit.length))}`;
    const r = parseGraphYaml(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ code: 'too_deep', line: 2 });
  });

  it.each([
    ['a flow sequence of 0s', `switchyard: 1\nname: [${'0,'.repeat(400_000)}0]\n`],
    ['a block sequence', `switchyard: 1\nname:\n${'- 0\n'.repeat(200_000)}`],
  ])('refuses %s with more than MAX_YAML_NODES nodes before composing it', (_name, text) => {
    expect(text.length).toBeLessThan(1024 * 1024);
    const r = parseGraphYaml(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ code: 'too_many_nodes', message: `more than ${MAX_YAML_NODES.toLocaleString('en-US')} YAML nodes (scalars and collections)` });
  });

  it('takes a smaller size cap when asked', () => {
    const r = parseGraphYaml(WRITER_REVIEWER_YAML, { maxBytes: 100 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ code: 'too_large', message: 'file is larger than 0 KiB' });
    expect(parseGraphYaml(WRITER_REVIEWER_YAML, { maxBytes: WRITER_REVIEWER_YAML.length }).ok).toBe(true);
  });

  it('does not count brackets or dashes inside quoted strings, block scalars or comments', () => {
    const many = '['.repeat(200);
    const withDescription = (description: string) =>
      WRITER_REVIEWER_YAML.replace(/^name: .*$/m, (name) => `# ${many}\n${name}\ndescription: ${description}`);
    const quoted = parseGraphYaml(withDescription(`"${many}"`));
    if (!quoted.ok) throw new Error(quoted.errors[0].message);
    expect(quoted.doc.description).toBe(many);
    const block = parseGraphYaml(withDescription(`|\n  ${many}\n  ${'- '.repeat(100)}`));
    if (!block.ok) throw new Error(block.errors[0].message);
    expect(block.doc.description?.split('\n').slice(0, 2)).toEqual([many, '- '.repeat(100)]);
  });
});
