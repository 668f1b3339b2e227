/**
 * A line diff (pure) over jsdiff (`diff`): the common head and tail trimmed first, the middle
 * diffed by jsdiff. Its lines are shown (counted, folded) with ./diff-rows.
 */
import { diffArrays } from 'diff';
import { splitLines, type DiffLine, type DiffOp } from './diff-rows';

/** Above this many line pairs the middle is shown as removed-then-added instead (bounds the work on huge texts). */
const MAX_LCS_CELLS = 4_000_000;

/** The ops of the middle part: jsdiff's Myers diff (a shortest edit script, so the most lines kept), removals before additions. */
function middleOps(a: string[], b: string[], maxCells: number): DiffOp[] {
  if ((a.length + 1) * (b.length + 1) > maxCells) {
    return [...a.map((): DiffOp => 'del'), ...b.map((): DiffOp => 'add')];
  }
  const ops: DiffOp[] = [];
  for (const part of diffArrays(a, b)) {
    const op: DiffOp = part.added ? 'add' : part.removed ? 'del' : 'same';
    for (let k = 0; k < part.count; k++) ops.push(op);
  }
  return ops;
}

/** Every line of both texts in order, each marked same, del (only in old) or add (only in new). */
export function diffLines(oldText: string, newText: string, maxCells = MAX_LCS_CELLS): DiffLine[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const ops = [
    ...Array<DiffOp>(head).fill('same'),
    ...middleOps(a.slice(head, a.length - tail), b.slice(head, b.length - tail), maxCells),
    ...Array<DiffOp>(tail).fill('same'),
  ];
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  for (const op of ops) {
    if (op === 'same') out.push({ op, text: a[i], oldNo: ++i, newNo: ++j });
    else if (op === 'del') out.push({ op, text: a[i], oldNo: ++i, newNo: null });
    else out.push({ op, text: b[j], oldNo: null, newNo: ++j });
  }
  return out;
}
