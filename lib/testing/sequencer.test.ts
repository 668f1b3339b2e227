import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { weight } from './sequencer';

const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-sequencer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, bytes: number) => {
  const p = path.join(dir, name);
  writeFileSync(p, 'x'.repeat(bytes));
  return p;
};

describe('the test files order', () => {
  it('weighs a *.postgres.test.ts wrapper as 1.5 times the suite it runs, not its own few lines', () => {
    file('api-x.test.ts', 8000);
    expect(weight(file('api-x.postgres.test.ts', 120))).toBe(12000);
    expect(weight(file('api-x.postgres.test.ts', 120))).toBeGreaterThan(weight(file('big.test.ts', 10000)));
  });

  it('weighs any other file, and a wrapper whose suite is not beside it, by its size', () => {
    expect(weight(file('plain.test.ts', 500))).toBe(500);
    expect(weight(file('lonely.postgres.test.ts', 300))).toBe(300);
  });
});
