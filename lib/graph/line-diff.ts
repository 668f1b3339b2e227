/**
 * A line diff (pure) over jsdiff (`diff`): the common head and tail trimmed first, the middle
 * diffed by jsdiff, and unchanged runs folded around the changes for display.
 */
import { diffArrays } from 'diff';

export type DiffOp = 'same' | 'add' | 'del';

export interface DiffLine {
  op: DiffOp;
  text: string;
  /** 1-based line in the old text (null for an added line). */
  oldNo: number | null;
  /** 1-based line in the new text (null for a removed line). */
  newNo: number | null;
}

/** A run of unchanged lines hidden between changes (the display can expand it). */
export interface FoldRow {
  op: 'fold';
  lines: DiffLine[];
}

export type DiffRow = DiffLine | FoldRow;

/** Above this many line pairs the middle is shown as removed-then-added instead (bounds the work on huge texts). */
const MAX_LCS_CELLS = 4_000_000;

/** Lines of a text; a final newline does not make an extra empty line, and "" has none. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

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

export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.op === 'add') added++;
    else if (l.op === 'del') removed++;
  }
  return { added, removed };
}

/**
 * Keeps `context` unchanged lines around each change and folds longer unchanged runs.
 * A fold never hides a single line (showing it costs the same row). No change at all: one fold.
 */
export function foldUnchanged(lines: readonly DiffLine[], context = 3): DiffRow[] {
  const out: DiffRow[] = [];
  let k = 0;
  while (k < lines.length) {
    if (lines[k].op !== 'same') {
      out.push(lines[k++]);
      continue;
    }
    let end = k;
    while (end < lines.length && lines[end].op === 'same') end++;
    const run = lines.slice(k, end);
    const keepBefore = k === 0 ? 0 : context;
    const keepAfter = end === lines.length ? 0 : context;
    if (run.length - keepBefore - keepAfter > 1) {
      out.push(...run.slice(0, keepBefore));
      out.push({ op: 'fold', lines: run.slice(keepBefore, run.length - keepAfter) });
      out.push(...run.slice(run.length - keepAfter));
    } else {
      out.push(...run);
    }
    k = end;
  }
  return out;
}
