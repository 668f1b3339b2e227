/**
 * Server start: open the database (which applies pending migrations) and seed the example graphs
 * on the very first start. Called from instrumentation.ts register() in the Node.js runtime only;
 * safe to call more than once (the work is done once per process, the seeding once per database).
 */
import 'server-only';
import { getDb } from '@/db/client';
import { seedExamples, type SeedResult } from '@/db/seed';
import { ensureRecovered } from '@/lib/runtime/recovery';
import { loadExampleFiles } from './examples';

export interface StartupReport {
  seed: SeedResult;
  /** Example files that did not parse (skipped). */
  invalidExamples: { file: string; message: string }[];
}

const KEY = Symbol.for('switchyard.startup');
type G = typeof globalThis & { [KEY]?: StartupReport };

export function startServer(opts: { examplesDir?: string; log?: boolean } = {}): StartupReport {
  const g = globalThis as G;
  const done = g[KEY];
  if (done) return done;
  getDb();
  ensureRecovered(); // runs left running by a crash or restart become `interrupted` (resumable)
  const files = loadExampleFiles(opts.examplesDir);
  const invalidExamples = files
    .filter((f) => f.errors)
    .map((f) => ({ file: f.file, message: f.errors!.map((e) => `${e.line ?? '?'}:${e.col ?? '?'} ${e.message}`).join('; ') }));
  const docs = files.flatMap((f) => (f.doc ? [f.doc] : []));
  const seed = seedExamples(docs);
  const report = { seed, invalidExamples };
  g[KEY] = report;
  if (opts.log !== false) {
    for (const bad of invalidExamples) console.warn(`[switchyard] example ${bad.file} skipped: ${bad.message}`);
    if (seed.ran) console.log(`[switchyard] first start: seeded ${seed.seeded.length} example graph(s)`);
  }
  return report;
}
