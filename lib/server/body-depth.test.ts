import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '@/lib/runtime/testing/harness';
import { agentGraph } from '@/lib/runtime/testing/graphs';
import { z } from 'zod';
import { MAX_JSON_DEPTH, readJson, tooDeepAt } from './body';

const nested = (depth: number, key = 'a') => `{"${key}":`.repeat(depth) + '1' + '}'.repeat(depth);
const post = (body: string) => new Request('http://x/api', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('JSON nesting depth', () => {
  it('a body nested deeper than the cap is a 400 naming where', async () => {
    const err = await readJson(post(`{"input":"x","inputs":{"d":${nested(5000)}}}`), z.unknown()).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'bad_request', details: { max_depth: MAX_JSON_DEPTH } });
    expect((err as Error).message).toContain(`more than ${MAX_JSON_DEPTH} levels deep (at $.inputs.d.a.a.a.a…`);
  });

  it('arrays count too; the cap itself is accepted', async () => {
    expect(tooDeepAt(JSON.parse('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1)))).toMatch(/^\$\[0\]\[0\]/);
    await expect(readJson(post(nested(MAX_JSON_DEPTH)), z.unknown())).resolves.toBeTruthy();
  });
});

describe('through the run route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
  });
  afterAll(async () => h?.close());

  it('a 5,000-deep inputs object is a 400, not a 500', async () => {
    const id = await h.createGraph(agentGraph('deep-inputs'));
    const res = await h.api.fetch(`/api/graphs/${id}/runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"input":"x","inputs":{"d":${nested(5000)}}}` });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/levels deep \(at \$\.inputs\.d/);
  });
});
