/**
 * Issue 21, "bounded everything": a model server streaming a 100 MB reply. The run fails with
 * `model_reply_too_large` once SWITCHYARD_MAX_REPLY_BYTES (default 4 MiB) have arrived, the request
 * is aborted (the server sees the client go away), the partial reply is stored once (as the
 * llm.delta events, cut at the trace's field cap) and nowhere else, the process's RSS grows by less
 * than 100 MB, the database by less than a few MB, and /api/health answers meanwhile. The test
 * prints /api/health's p99 while it happens and its ratio to idle; it asserts on memory and bytes,
 * never on time.
 */
import { existsSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { DEFAULT_MAX_REPLY_BYTES } from '@/lib/llm/reply-cap';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph } from './testing/graphs';
import { traceLimits } from './trace-bounds';

const MB = 1024 * 1024;
const REPLY_BYTES = 100 * MB;

let mock: MockOpenAI;
let h: Harness;

beforeAll(async () => {
  mock = await startMockOpenAI({ rules: [{ name: 'flood', match: { model: 'flood-model' }, reply: { flood: { bytes: REPLY_BYTES, chunkBytes: 8 * 1024 } } }] });
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', SWITCHYARD_MAX_REPLY_BYTES: undefined });
});
afterAll(async () => {
  await h?.close();
  await mock?.close();
});

const dbBytes = () => [h.dbFile, `${h.dbFile}-wal`].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);

async function healthMs(): Promise<number> {
  const t = performance.now();
  const res = await h.api.fetch('/api/health');
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - t;
}

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
}

describe('a 100 MB model reply', () => {
  it('fails with model_reply_too_large, bounded in memory and in the database, /api/health answering', async () => {
    const graphId = await h.createGraph(agentGraph('flooded', { models: { default: { connection: 'default', model: 'flood-model' } } }));
    // Warm up (first route loads, first run) before measuring anything.
    for (let i = 0; i < 5; i++) await healthMs();
    const idle: number[] = [];
    for (let i = 0; i < 60; i++) idle.push(await healthMs());

    const dbBefore = dbBytes();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const during: number[] = [];
    const runId = await h.startRun(graphId, { input: 'say a lot' });
    let settled = false;
    const done = h.waitForStatus(runId, ['succeeded', 'failed'], 120_000).finally(() => (settled = true));
    while (!settled) {
      during.push(await healthMs());
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }
    const detail = await done;
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);

    expect(detail.run.status).toBe('failed');
    expect(detail.run.error?.code).toBe('model_reply_too_large');
    expect(detail.run.error?.message).toContain('SWITCHYARD_MAX_REPLY_BYTES');
    // The request was aborted: the server saw its client go away before the 100 MB were sent.
    expect((await mock.waitForClientClose()).rule).toBe('flood');
    expect(mock.count('flood')).toBe(1); // not retried

    // The partial reply is stored once: the deltas, cut at the trace's field cap; no llm.response.
    const deltas = detail.events.filter((e) => e.type === 'llm.delta');
    const deltaBytes = deltas.reduce((n, e) => n + Buffer.byteLength(String(e.data.text)), 0);
    expect(deltaBytes).toBeGreaterThan(0);
    expect(deltaBytes).toBeLessThanOrEqual(traceLimits().fieldMax);
    expect(deltas.at(-1)?.data.truncated).toBe(true);
    expect(detail.events.some((e) => e.type === 'llm.response')).toBe(false);

    const rssGrowth = rssPeak - rssBefore;
    const dbGrowth = dbBytes() - dbBefore;
    expect(rssGrowth).toBeLessThan(100 * MB);
    expect(dbGrowth).toBeLessThan(4 * MB);
    expect(during.length).toBeGreaterThan(0);

    const idleP99 = p99(idle);
    const duringP99 = p99(during);
    console.log(
      `[reply cap] cap ${DEFAULT_MAX_REPLY_BYTES / MB} MiB of a ${REPLY_BYTES / MB} MB reply: RSS +${(rssGrowth / MB).toFixed(1)} MB, database +${(dbGrowth / MB).toFixed(2)} MB; ` +
        `/api/health p99 ${duringP99.toFixed(1)} ms during (${during.length} probes) vs ${idleP99.toFixed(1)} ms idle: ${(duringP99 / idleP99).toFixed(1)}x`,
    );
  }, 180_000);
});
