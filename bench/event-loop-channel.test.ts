/** The bench-only event-loop channel of bench/load.ts: the report's arithmetic, and the channel to a real spawned server. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHistogram } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { eventLoopReport, isEventLoopReport, RESOLUTION_MS } from './event-loop-channel';
import { spawnServer, type SpawnedServer } from './spawn-server';

const ms = (x: number) => Math.round(x * 1e6);

describe('eventLoopReport', () => {
  it('reports ms of delay beyond the sampling interval (the histogram records each interval whole)', () => {
    const h = createHistogram();
    for (let i = 0; i < 99; i++) h.record(ms(RESOLUTION_MS + 1));
    h.record(ms(RESOLUTION_MS + 40));
    const r = eventLoopReport(h);
    expect(r.kind).toBe('eld');
    expect(r.count).toBe(100);
    expect(r.p50Ms).toBeCloseTo(1, 1);
    expect(r.p99Ms).toBeCloseTo(1, 1);
    expect(r.maxMs).toBeCloseTo(40, 0);
  });

  it('never reports a negative delay (an interval shorter than the resolution is 0)', () => {
    const h = createHistogram();
    h.record(ms(RESOLUTION_MS / 2));
    const r = eventLoopReport(h);
    expect([r.p50Ms, r.p99Ms, r.maxMs]).toEqual([0, 0, 0]);
  });

  it('tells its reports from other messages', () => {
    expect(isEventLoopReport(eventLoopReport(createHistogram()))).toBe(true);
    for (const other of [null, 'eld-read', { kind: 'other' }, 42]) expect(isEventLoopReport(other)).toBe(false);
  });
});

describe.runIf(process.platform === 'linux')('the channel to a spawned bench server', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-eld-'));
  const servers: SpawnedServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens only when asked: with eventLoop the server answers a read with its histogram; without, there is no channel', async () => {
    const env = (db: string) => ({ SWITCHYARD_DB: path.join(dir, db), SWITCHYARD_AUTH: 'off' });
    const [withChannel, without] = await Promise.all([spawnServer(env('a.db'), { eventLoop: true }), spawnServer(env('b.db'))]);
    servers.push(withChannel, without);
    expect(without.eventLoop).toBeUndefined();
    withChannel.eventLoop!.reset();
    // A real request in between, so the server's loop has run.
    expect((await fetch(`${withChannel.url}/api/health`)).status).toBe(200);
    const report = await withChannel.eventLoop!.read();
    expect(report.kind).toBe('eld');
    for (const x of [report.count, report.p50Ms, report.p99Ms, report.maxMs]) expect(Number.isFinite(x) && x >= 0).toBe(true);
    expect(report.p99Ms).toBeGreaterThanOrEqual(report.p50Ms);
    expect(report.maxMs).toBeGreaterThanOrEqual(report.p99Ms);
  }, 120_000);
});
