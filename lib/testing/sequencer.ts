/**
 * The order vitest starts test files in (vitest.config.ts `sequence.sequencer`): longest first, so the
 * run does not end waiting on one long file started last. With the durations of an earlier run
 * (vitest's cache in node_modules/.vite) vitest's own order does that. Without them (CI's fresh
 * `npm ci`) it starts larger files first, which put every `*.postgres.test.ts` file last: each is a
 * four-line wrapper around the suite it runs on PostgreSQL, and takes longer than that suite. Here a
 * wrapper weighs one and a half times the suite file it imports (`./x.test`).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const POSTGRES_WRAPPER = /\.postgres\.test\.(ts|tsx)$/;

/** How long a file is expected to take, for the order: its size; a Postgres wrapper 1.5 times its suite's. */
export function weight(file: string): number {
  const suite = file.replace(POSTGRES_WRAPPER, '.test.$1');
  if (suite !== file && existsSync(suite)) return 1.5 * statSync(suite).size;
  return statSync(file).size;
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const timed = files.every((f) => cache.getFileTestResults(`${f.project.name}:${path.relative(this.ctx.config.root, f.moduleId)}`));
    if (timed) return super.sort(files);
    const weights = new Map(files.map((f) => [f.moduleId, weight(f.moduleId)]));
    return [...files].sort((a, b) => weights.get(b.moduleId)! - weights.get(a.moduleId)!);
  }
}
