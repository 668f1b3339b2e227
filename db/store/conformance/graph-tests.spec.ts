/** The GraphTestsRepository contract (db/store/ports-settings.ts). */
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { describe, expect, it } from 'vitest';
import type { Store } from '../ports';
import { codeOf, doc } from './fixtures';

const YAML = 'tests:\n  - name: answers\n    input: Hello\n';

export function graphTestsSpecs(store: () => Store): void {
  const tests = () => store().graphTests;

  describe('graphTests.put and get', () => {
    it("creates, then replaces, the graph's tests", async () => {
      const g = await store().graphs.create(doc('tested'), DEFAULT_WORKSPACE_ID);
      expect(await tests().get(g.id)).toBeUndefined();
      const first = await tests().put(g.id, YAML);
      expect([first.graphId, first.yaml]).toEqual([g.id, YAML]);
      expect(first.updatedAt).toBeInstanceOf(Date);
      await tests().put(g.id, `${YAML}# edited\n`);
      expect((await tests().get(g.id))?.yaml).toBe(`${YAML}# edited\n`);
    });
    it('put is not_found for an unknown graph (nothing written); get is undefined for it', async () => {
      expect(await codeOf(tests().put('missing', YAML))).toBe('not_found');
      expect(await codeOf(tests().put('bad\0id', YAML))).toBe('not_found');
      expect(await tests().get('missing')).toBeUndefined();
      expect(await tests().get('bad\0id')).toBeUndefined();
    });
    it('a NUL character in the YAML is bad_request and keeps the tests there were', async () => {
      const g = await store().graphs.create(doc('nul'), DEFAULT_WORKSPACE_ID);
      await tests().put(g.id, YAML);
      expect(await codeOf(tests().put(g.id, 'tests: []\0'))).toBe('bad_request');
      expect((await tests().get(g.id))?.yaml).toBe(YAML);
    });
    it('go with their graph', async () => {
      const g = await store().graphs.create(doc('gone'), DEFAULT_WORKSPACE_ID);
      await tests().put(g.id, YAML);
      await store().graphs.delete(g.id);
      expect(await tests().get(g.id)).toBeUndefined();
      expect(await codeOf(tests().put(g.id, YAML))).toBe('not_found');
    });
  });
}
