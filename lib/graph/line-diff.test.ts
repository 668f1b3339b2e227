import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffStats, foldUnchanged, splitLines, type DiffLine, type DiffRow } from './diff-rows';
import { diffLines } from './line-diff';

const ops = (lines: DiffLine[]) => lines.map((l) => `${l.op === 'same' ? ' ' : l.op === 'add' ? '+' : '-'}${l.text}`);
const text = (...lines: string[]) => lines.map((l) => `${l}\n`).join('');
const show = (rows: DiffRow[]) => rows.map((r) => (r.op === 'fold' ? `~${r.lines.length}` : r.text));

/** Plain recursive LCS length, the reference for small inputs. */
function lcs(a: string[], b: string[]): number {
  const memo = new Map<string, number>();
  const go = (i: number, j: number): number => {
    if (i === a.length || j === b.length) return 0;
    const key = `${i},${j}`;
    let v = memo.get(key);
    if (v === undefined) {
      v = a[i] === b[j] ? 1 + go(i + 1, j + 1) : Math.max(go(i + 1, j), go(i, j + 1));
      memo.set(key, v);
    }
    return v;
  };
  return go(0, 0);
}

describe('splitLines', () => {
  it('an empty text has no lines; a final newline adds none; CRLF is a line break', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a\n')).toEqual(['a']);
    expect(splitLines('a\r\nb')).toEqual(['a', 'b']);
    expect(splitLines('\n')).toEqual(['']);
  });
});

describe('diffLines', () => {
  it('identical texts are all unchanged, numbered on both sides', () => {
    const d = diffLines(text('a', 'b'), text('a', 'b'));
    expect(d).toEqual([
      { op: 'same', text: 'a', oldNo: 1, newNo: 1 },
      { op: 'same', text: 'b', oldNo: 2, newNo: 2 },
    ]);
  });

  it('from or to an empty text is all added or all removed', () => {
    expect(ops(diffLines('', text('a', 'b')))).toEqual(['+a', '+b']);
    expect(ops(diffLines(text('a', 'b'), ''))).toEqual(['-a', '-b']);
    expect(diffLines('', '')).toEqual([]);
  });

  it('a changed line is removed then added, with the line numbers of each side', () => {
    const d = diffLines(text('name: a', 'x: 1', 'end'), text('name: a', 'x: 2', 'y: 3', 'end'));
    expect(ops(d)).toEqual([' name: a', '-x: 1', '+x: 2', '+y: 3', ' end']);
    expect(d[2]).toEqual({ op: 'add', text: 'x: 2', oldNo: null, newNo: 2 });
    expect(d[1]).toEqual({ op: 'del', text: 'x: 1', oldNo: 2, newNo: null });
    expect(d[4]).toMatchObject({ oldNo: 3, newNo: 4 });
    expect(diffStats(d)).toEqual({ added: 2, removed: 1 });
  });

  it('keeps the longest common subsequence (a swap costs one line each way, not the whole middle)', () => {
    expect(ops(diffLines(text('a', 'b', 'c', 'd'), text('a', 'c', 'b', 'd')))).toEqual([' a', '-b', ' c', '+b', ' d']);
  });

  it('repeated lines (common in YAML) are matched without losing any', () => {
    const d = diffLines(text('- x', '- x', '- y'), text('- x', '- y', '- x', '- y'));
    expect(d.filter((l) => l.op === 'same')).toHaveLength(3);
    expect(diffStats(d)).toEqual({ added: 1, removed: 0 });
  });

  it('past the cell budget the middle is shown removed-then-added, still correct, head and tail kept', () => {
    const d = diffLines(text('h', 'a', 'b', 't'), text('h', 'b', 'a', 't'), 4);
    expect(ops(d)).toEqual([' h', '-a', '-b', '+b', '+a', ' t']);
  });

  it('for any two texts: old = same+removed, new = same+added, and as many lines are kept as the LCS', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 12 });
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const d = diffLines(text(...a), text(...b));
        expect(d.filter((l) => l.op !== 'add').map((l) => l.text)).toEqual(a);
        expect(d.filter((l) => l.op !== 'del').map((l) => l.text)).toEqual(b);
        expect(d.filter((l) => l.op === 'same')).toHaveLength(lcs(a, b));
      }),
    );
  });
});

describe('foldUnchanged', () => {
  const many = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

  it('keeps three lines of context around a change and folds the rest at both ends', () => {
    const a = [...many('s', 10), 'old', ...many('e', 10)];
    const b = [...many('s', 10), 'new', ...many('e', 10)];
    const rows = foldUnchanged(diffLines(text(...a), text(...b)));
    expect(show(rows)).toEqual(['~7', 's8', 's9', 's10', 'old', 'new', 'e1', 'e2', 'e3', '~7']);
  });

  it('folds a long unchanged run between two changes but leaves the context on each side', () => {
    const a = ['x', ...many('m', 10), 'y'];
    const b = ['X', ...many('m', 10), 'Y'];
    expect(show(foldUnchanged(diffLines(text(...a), text(...b)), 2))).toEqual(['x', 'X', 'm1', 'm2', '~6', 'm9', 'm10', 'y', 'Y']);
  });

  it('never folds a single line, and a folded run keeps every hidden line to expand', () => {
    const a = ['x', ...many('m', 7), 'y'];
    const b = ['X', ...many('m', 7), 'Y'];
    const rows = foldUnchanged(diffLines(text(...a), text(...b)));
    expect(rows.some((r) => r.op === 'fold')).toBe(false);
    const long = foldUnchanged(diffLines(text('x', ...many('m', 20)), text('X', ...many('m', 20))));
    const fold = long.find((r) => r.op === 'fold');
    expect(fold?.op === 'fold' && fold.lines.map((l) => l.text)).toEqual(many('m', 20).slice(3));
  });

  it('no change at all is one fold of everything; a single unchanged line is just shown', () => {
    expect(show(foldUnchanged(diffLines(text('a', 'b', 'c'), text('a', 'b', 'c'))))).toEqual(['~3']);
    expect(show(foldUnchanged(diffLines(text('a'), text('a'))))).toEqual(['a']);
    expect(foldUnchanged([])).toEqual([]);
  });
});
