/** Display helpers for the graph list (pure, tested). */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday", "3 months ago" (English). */
export function relativeTime(iso: string, now: Date): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '—';
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const fmt = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return fmt.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

export function absoluteTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Where a problem is: "line 3, col 5", or its path when it has no position. */
export function problemPlace(p: { line?: number; col?: number; path: string }): string {
  if (p.line !== undefined) return `line ${p.line}${p.col !== undefined ? `, col ${p.col}` : ''}`;
  return p.path || 'document';
}

/** [start, end) offsets of 1-based `line` in `text` (for selecting it in a textarea). */
export function lineRange(text: string, line: number): [number, number] {
  let start = 0;
  for (let i = 1; i < line; i++) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) return [text.length, text.length];
    start = nl + 1;
  }
  const end = text.indexOf('\n', start);
  return [start, end === -1 ? text.length : end];
}

/** Case-insensitive match of a graph on name or description. */
export function matchesFilter(g: { name: string; description: string | null }, filter: string): boolean {
  const q = filter.trim().toLowerCase();
  if (!q) return true;
  return g.name.toLowerCase().includes(q) || (g.description ?? '').toLowerCase().includes(q);
}
