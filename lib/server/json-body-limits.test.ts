/**
 * JSON request bodies of every route that reads one with readJson (here POST /api/v1/chat/completions,
 * limit 8 MiB): refused early by size (Content-Length, and the streamed count when there is none:
 * 413 naming the limit), parsed in the parse worker above INLINE_JSON_BODY_BYTES (an 8 MiB body of `[`
 * does not hold the event loop: measured with monitorEventLoopDelay and reported next to idle; the
 * assertion is on the path taken), one pool of worker slots (429 naming
 * SWITCHYARD_MAX_CONCURRENT_BODY_PARSES), and a deadline on a body that trickles in (408).
 */
import { connect } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '@/lib/runtime/testing/harness';
import { expectApiError } from '@/lib/testing/expect-api-error';
import { setEnv } from '@/lib/testing/env';
import { withImportSlot } from './import-gate';
import { workerAnswers } from './import-worker';
import { jsonOfBytes, nestingPastAt } from './body-bytes';
import { INLINE_JSON_BODY_BYTES, jsonOffThread } from './json-off-thread';

const MiB = 1024 * 1024;
const CHAT = '/api/v1/chat/completions';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ SWITCHYARD_BODY_TIMEOUT_S: '1' });
});
afterAll(async () => h?.close());

const post = (body: BodyInit, headers: Record<string, string> = {}) => h.api.fetch(CHAT, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

/** The event loop's delay (p99 and max, ms) while `fn` runs. */
async function loopDelay<T>(fn: () => Promise<T>): Promise<{ result: T; p99: number; max: number }> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  try {
    const result = await fn();
    return { result, p99: h.percentile(99) / 1e6, max: h.max / 1e6 };
  } finally {
    h.disable();
  }
}

describe('JSON bodies of /v1/chat/completions', () => {
  it('an 8 MiB body of `[` is refused by the byte scan before JSON.parse (a 400), with no worker started and no long stall', async () => {
    const idle = await loopDelay(() => new Promise((r) => setTimeout(r, 300)));
    const before = workerAnswers('json');
    const hostile = '['.repeat(8 * MiB);
    const during = await loopDelay(async () => {
      const res = await post(hostile);
      return { status: res.status, body: (await res.json()) as { error: { message: string } } };
    });
    console.log(`[json-body] event-loop delay: idle p99 ${idle.p99.toFixed(1)} ms, max ${idle.max.toFixed(1)} ms; posting 8 MiB of "[": p99 ${during.p99.toFixed(1)} ms, max ${during.max.toFixed(1)} ms`);
    expect(during.result.status).toBe(400);
    expect(during.result.body.error.message).toMatch(/more than 64 levels deep \(at byte 10000\)/);
    expect(workerAnswers('json') - before).toBe(0); // refused before any worker or JSON.parse
  });

  it('deep nesting after a large benign prefix is found by the sliced scan too', async () => {
    const before = workerAnswers('json');
    const body = `{"pad":"${'x'.repeat(2 * MiB)}","deep":${'['.repeat(20_000)}`;
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/levels deep \(at byte \d+\)/);
    expect(workerAnswers('json')).toBe(before);
  });

  it('a large valid body is parsed in the worker and reaches the route (here: its unknown model)', async () => {
    const before = workerAnswers('json');
    const body = JSON.stringify({ model: 'no-such-graph', messages: [{ role: 'user', content: 'x'.repeat(INLINE_JSON_BODY_BYTES + 1) }] });
    const res = await post(body);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/no-such-graph/);
    expect(workerAnswers('json') - before).toBe(1);
  });

  it('the nesting scan before JSON.parse skips brackets inside strings (escaped quotes too) and stops at the first one too deep', () => {
    const enc = (t: string) => new TextEncoder().encode(t);
    expect(jsonOfBytes(enc(JSON.stringify({ s: '['.repeat(20_000), t: '\\"{{{' + '{'.repeat(20_000) })))).toMatchObject({ s: '['.repeat(20_000) });
    expect(nestingPastAt(enc('[' + '"\\"["'.repeat(3) + ']'), 0)).toBe(0);
    expect(nestingPastAt(enc('[[1],[2]]'), 2)).toBe(-1);
    expect(nestingPastAt(enc('[[[1]]]'), 2)).toBe(2);
  });

  it('a small body is parsed on the event loop as before (no worker)', async () => {
    const before = workerAnswers('json');
    const res = await post(JSON.stringify({ model: 'no-such-graph', messages: [{ role: 'user', content: 'hi' }] }));
    expect(res.status).toBe(404);
    expect(workerAnswers('json')).toBe(before);
  });

  it('past the route limit: 413 naming it, from Content-Length before reading and from the streamed count without one', async () => {
    const big = new Uint8Array(8 * MiB + 1).fill(0x20);
    const streamed = new ReadableStream<Uint8Array>({
      start(c) {
        for (let at = 0; at < big.length; at += MiB) c.enqueue(big.subarray(at, at + MiB));
        c.close();
      },
    });
    const res = await h.api.fetch(CHAT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: streamed, duplex: 'half' } as RequestInit);
    const body = await expectApiError(res, 413, 'payload_too_large');
    expect(body.error.message).toMatch(/larger than 8 MiB \(8388608 bytes\)/);

    const raw = await rawRequest(h.api.port, `POST ${CHAT} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${9 * MiB}\r\nConnection: close\r\n\r\n{`);
    expect(raw).toMatch(/^HTTP\/1\.1 413/);
    expect(raw).toMatch(/larger than 8 MiB/);
  });

  it('all worker slots taken: 429 naming SWITCHYARD_MAX_CONCURRENT_BODY_PARSES', async () => {
    const restore = setEnv({ SWITCHYARD_MAX_CONCURRENT_BODY_PARSES: '1' });
    let release = () => {};
    const held = withImportSlot({ maxConcurrent: 1 }, () => new Promise<void>((r) => (release = r)), 'large request bodies', 'bodies');
    try {
      const err = await jsonOffThread(new TextEncoder().encode(JSON.stringify({ pad: 'x'.repeat(INLINE_JSON_BODY_BYTES) }))).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/SWITCHYARD_MAX_CONCURRENT_BODY_PARSES/) });
    } finally {
      release();
      await held;
      restore();
    }
    const ok = await jsonOffThread(new TextEncoder().encode(JSON.stringify({ pad: 'x'.repeat(INLINE_JSON_BODY_BYTES) })));
    expect(ok).toEqual({ pad: 'x'.repeat(INLINE_JSON_BODY_BYTES) });
  });

  it('a body that trickles in is cut at SWITCHYARD_BODY_TIMEOUT_S: 408', async () => {
    const answer = await rawRequest(
      h.api.port,
      `POST ${CHAT} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n{"model":`,
      { trickle: '"', everyMs: 200 },
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toMatch(/SWITCHYARD_BODY_TIMEOUT_S/);
  });
});

/** Sends `head` on a raw socket (then `trickle` every `everyMs` until answered); the answer's text once the server answers or closes. */
function rawRequest(port: number, head: string, opts: { trickle?: string; everyMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    let timer: ReturnType<typeof setInterval> | undefined;
    const done = () => {
      clearInterval(timer);
      socket.destroy();
      resolve(got);
    };
    socket.on('connect', () => {
      socket.write(head);
      if (opts.trickle) timer = setInterval(() => socket.write(opts.trickle!), opts.everyMs ?? 200);
    });
    socket.on('data', (d: Buffer) => {
      got += d.toString('latin1');
      if (/\r\n\r\n/.test(got) && /(\}|\r\n0\r\n\r\n)$/.test(got)) done();
    });
    socket.on('end', done);
    socket.on('close', done);
    socket.on('error', (err) => (got ? done() : reject(err)));
  });
}
