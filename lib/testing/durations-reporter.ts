/**
 * A vitest reporter for finding where test time goes: per test file, the time to import it (top-level
 * awaits included, e.g. a Postgres database made for it) and the time of its tests and hooks: the
 * ten slowest printed, and all of them, slowest first, written as JSON to $DURATIONS_FILE when set. `npx vitest run --reporter=default --reporter=./lib/testing/durations-reporter.ts`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface FileDuration {
  file: string;
  /** ms to import the file (collect). */
  import: number;
  /** ms of its tests and hooks. */
  tests: number;
  total: number;
  /** s since the run started when the file finished (what ran last, on which the run waited). */
  endedAt: number;
}

export default class DurationsReporter implements Reporter {
  private rows: FileDuration[] = [];
  private started = Date.now();

  onTestRunStart(): void {
    this.started = Date.now();
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const importMs = d.prepareDuration + d.collectDuration + d.setupDuration + d.environmentSetupDuration;
    this.rows.push({ file: path.relative(process.cwd(), module.moduleId), import: Math.round(importMs), tests: Math.round(d.duration), total: Math.round(importMs + d.duration), endedAt: Math.round((Date.now() - this.started) / 100) / 10 });
  }

  onTestRunEnd(): void {
    const rows = this.rows.sort((a, b) => b.total - a.total);
    const out = process.env.DURATIONS_FILE;
    if (out) writeFileSync(out, JSON.stringify(rows, null, 1));
    const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    console.log(`\nSlowest test files (import + tests${out ? `; all ${rows.length} in ${out}` : ''}):`);
    for (const r of rows.slice(0, 10)) console.log(`${sec(r.total)} = ${sec(r.import)} + ${sec(r.tests)}  ${r.file}`);
  }
}
