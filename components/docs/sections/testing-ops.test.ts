import { describe, expect, it } from 'vitest';
import { parseGraphTests } from '@/lib/graph/test-schema';
import { TEST_FILE } from './testing-ops';

describe('docs: graph tests', () => {
  it('the test file shown in the docs is a valid test file', () => {
    expect(parseGraphTests(TEST_FILE)).toMatchObject({ ok: true });
  });
});
