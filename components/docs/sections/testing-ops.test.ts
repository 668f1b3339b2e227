import { describe, expect, it } from 'vitest';
import { parseGraphTests } from '@/lib/graph/test-schema';
import { CASSETTE_TEST, TEST_FILE } from './testing-ops';

describe('docs: graph tests', () => {
  it('the test file shown in the docs is a valid test file', () => {
    expect(parseGraphTests(TEST_FILE)).toMatchObject({ ok: true });
  });

  it('the cassette test shown in the docs is a valid test file', () => {
    expect(parseGraphTests(CASSETTE_TEST)).toMatchObject({ ok: true, file: { tests: [{ cassette: 'order-question.cassette.json' }] } });
  });
});
