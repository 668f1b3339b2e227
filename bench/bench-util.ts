/** Shared by the bench/*.ts scripts: the machine line, medians and percentiles, a plain-text table. */
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

export function machine(): string {
  const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const load = loadavg().map((x) => x.toFixed(1)).join(' / ');
  return `${availableParallelism()} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.versions.node}, load average ${load} (1 / 5 / 15 min)`;
}

/** The p-th percentile (0–100) of `xs` (nearest rank). */
export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (xs: readonly number[]): number => percentile(xs, 50);

/** Prints a Markdown table (it goes into the README as printed). */
export function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}
