/**
 * Lines of a line diff as the history shows them (pure, no diff algorithm here, so the browser
 * does not load one): the line type, the counts, and unchanged runs folded around the changes.
 * The diff itself is lib/graph/line-diff.ts (jsdiff), computed by the server.
 */
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

/** Lines of a text; a final newline does not make an extra empty line, and "" has none. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
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
