/**
 * The SSE stream of a run while the database is unreachable (a Postgres DATABASE_URL on a port
 * nobody listens on): it ends at once with an `error` event naming `store_unavailable`, rather than
 * erroring the stream or staying open; a run stranded by an outage (store-outage.ts) ends its open
 * streams the same way. Route errors from the unreachable store are 503 store_unavailable.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import { freePort } from '@/lib/testing/free-port';
import { readSse, type SseFrame } from './testing/sse-client';

const restore = setEnv({ DATABASE_URL: `postgres://nobody@127.0.0.1:${await freePort()}/switchyard`, SWITCHYARD_DB: path.join(tmpdir(), `switchyard-sse-outage-${process.pid}`, 'app.db') });
const { closeDb } = await import('@/db/client');
const { getStore } = await import('@/db/store');
const { runEventStream } = await import('./run-event-stream');
const { strandRun, releaseStrandedRun } = await import('./store-outage');
const { errorBody } = await import('@/lib/server/http');

afterAll(() => {
  closeDb();
  restore();
});

async function frames(stream: ReadableStream<Uint8Array>): Promise<SseFrame[]> {
  const sse = readSse(stream);
  const out: SseFrame[] = [];
  for (let f = await sse.next(); f; f = await sse.next()) out.push(f);
  return out;
}

describe('SSE while the database is unavailable', () => {
  it('a stream that cannot read its backlog ends with an error event store_unavailable', async () => {
    const got = await frames(runEventStream({ runId: 'r-outage', after: 0, heartbeatMs: 60_000 }));
    expect(got).toHaveLength(1);
    expect(got[0].event).toBe('error');
    expect(got[0].id).toBeUndefined();
    expect(JSON.parse(got[0].data)).toMatchObject({ error: { code: 'store_unavailable', message: expect.stringMatching(/database is unavailable/) } });
  });

  it('an open stream of a run the outage stranded ends with the same event', async () => {
    const stream = runEventStream({ runId: 'r-stranded', after: 0, heartbeatMs: 60_000 });
    // The backlog read fails too here; strand the run first so the notice is what the stream ends with.
    strandRun('r-stranded', new Error('connect ECONNREFUSED'));
    try {
      const got = await frames(stream);
      expect(got.at(-1)?.event).toBe('error');
      expect(JSON.parse(got.at(-1)!.data)).toMatchObject({ error: { code: 'store_unavailable', message: expect.stringMatching(/resumes from its last checkpoint/) } });
    } finally {
      releaseStrandedRun('r-stranded');
    }
  });

  it('a route error from the unreachable store is a 503 store_unavailable, not a 500', async () => {
    const err = await getStore()
      .runs.get('any')
      .catch((e: unknown) => e);
    expect(errorBody(err)).toEqual({ status: 503, body: { error: { code: 'store_unavailable', message: 'the database is unavailable; try again shortly' } } });
  });
});
