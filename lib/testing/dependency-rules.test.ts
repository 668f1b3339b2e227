/**
 * The layer rules (.dependency-cruiser.cjs) really catch what they say: a tiny tree in a temp
 * directory breaks each rule once, and dependency-cruiser's cruise() must report every break by the
 * rule's name, and nothing for the imports the rules allow. (`npm run lint:deps` runs the same rules
 * over the real tree.)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)(path.resolve('.dependency-cruiser.cjs')) as IConfiguration;

const FILES: Record<string, string> = {
  // allowed: components -> lib/contracts, lib/graph; db -> lib/contracts, lib/errors; runtime -> engine, db
  'lib/contracts/run.ts': `export type Run = { id: string };\n`,
  'lib/errors.ts': `export class AppError extends Error {}\n`,
  'lib/graph/doc.ts': `import type { Run } from '../contracts/run';\nexport const doc = (r: Run) => r.id;\n`,
  'components/ok.ts': `import { doc } from '../lib/graph/doc';\nimport type { Run } from '../lib/contracts/run';\nexport const ok = (r: Run) => doc(r);\n`,
  'db/runs.ts': `import type { Run } from '../lib/contracts/run';\nimport { AppError } from '../lib/errors';\nexport const load = (r: Run) => { if (!r) throw new AppError(); return r; };\n`,
  'lib/runtime/manager.ts': `import { step } from '../engine/step';\nimport { load } from '../../db/runs';\nexport const manage = () => [step, load];\n`,
  // broken: one import per rule
  'components/panel.ts': `import { step } from '../lib/engine/step';\nexport const panel = step;\n`,
  'components/panel.test.ts': `import { manage } from '../lib/runtime/manager';\nexport const t = manage;\n`,
  // allowed: a component test starts the API through a test harness
  'lib/runtime/testing/harness.ts': `export const harness = () => 1;\n`,
  'components/form.test.ts': `import { harness } from '../lib/runtime/testing/harness';\nexport const t = harness;\n`,
  'lib/engine/step.ts': `import { readFileSync } from 'node:fs';\nexport const step = () => readFileSync;\n`,
  'lib/graph/loop-a.ts': `import { b } from './loop-b';\nexport const a = () => b;\n`,
  'lib/graph/loop-b.ts': `import { a } from './loop-a';\nexport const b = () => a;\n`,
  'lib/engine/wired.ts': `import { manage } from '../runtime/manager';\nexport const wired = manage;\n`,
  'db/graphs.ts': `import { manage } from '../lib/runtime/manager';\nexport const graphs = manage;\n`,
  'lib/graph/view.ts': `import { useState } from 'react';\nexport const view = useState;\n`,
  'node_modules/react/package.json': `{ "name": "react", "main": "index.js" }\n`,
  'node_modules/react/index.js': `exports.useState = () => undefined;\n`,
};

let dir: string;
let result: ICruiseResult;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'switchyard-depcruise-'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const { tsConfig: _ignored, ...options } = config.options ?? {};
  const out = await cruise(['components', 'lib', 'db'], { ...options, baseDir: dir, ruleSet: { forbidden: config.forbidden }, validate: true });
  result = out.output as ICruiseResult;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const broken = () => result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();

describe('the dependency rules', () => {
  it('name the rule each bad import breaks', () => {
    expect(broken()).toEqual(
      expect.arrayContaining([
        'components-not-to-server: components/panel.ts -> lib/engine/step.ts',
        'components-tests-only-to-test-servers: components/panel.test.ts -> lib/runtime/manager.ts',
        'pure-core-no-io: lib/engine/step.ts -> fs',
        'pure-core-no-db-or-runtime: lib/engine/wired.ts -> lib/runtime/manager.ts',
        'db-only-to-contracts-graph-errors: db/graphs.ts -> lib/runtime/manager.ts',
        'pure-core-no-framework: lib/graph/view.ts -> node_modules/react/index.js',
      ]),
    );
    expect(broken().filter((v) => v.startsWith('no-circular: lib/graph/loop-'))).toHaveLength(1);
  });

  it('let the allowed imports through', () => {
    const from = new Set(result.summary.violations.map((v) => v.from));
    for (const ok of ['components/ok.ts', 'components/form.test.ts', 'db/runs.ts', 'lib/graph/doc.ts', 'lib/runtime/manager.ts']) expect(from.has(ok)).toBe(false);
    expect(result.summary.error).toBe(result.summary.violations.length);
  });
});
