import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import { closeDb, getDb, walCheckpointer } from './client';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpoint';

const dirs: string[] = [];
const stops: WalCheckpointer[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function walDb(): { db: Database.Database; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-wal-'));
  dirs.push(dir);
  const file = path.join(dir, 'w.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('create table blobs (b blob)');
  return { db, file };
}

/** Writes `rows` 4 KiB rows in one transaction (about a WAL page each). */
function write(db: Database.Database, rows: number): void {
  const insert = db.prepare('insert into blobs (b) values (?)');
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(randomBytes(4000));
  })();
}

const walBytes = (file: string) => statSync(`${file}-wal`).size;

describe('WAL checkpoints on a worker thread', () => {
  it('turns the automatic checkpoint off, copies the whole WAL on the worker, and the WAL is reused', async () => {
    const { db, file } = walDb();
    const cp = startWalCheckpointer(db, file, { SWITCHYARD_WAL_CHECKPOINT_MS: '3600000' })!;
    stops.push(cp);
    expect(cp).not.toBeNull();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    write(db, 1500);
    const first = await cp.checkpointNow();
    expect(first.log).toBeGreaterThan(1000);
    expect(first.checkpointed).toBe(first.log);
    const afterFirst = walBytes(file);
    for (let round = 0; round < 4; round++) {
      write(db, 1500);
      const r = await cp.checkpointNow();
      expect(r.checkpointed).toBe(r.log);
    }
    // Each round wrote the WAL again from its start: it did not grow by four more rounds (a round
    // can take a few pages more than the first as the table's b-tree deepens).
    expect(walBytes(file)).toBeLessThan(afterFirst * 1.2);
    expect(db.prepare('select count(*) as n from blobs').get()).toEqual({ n: 7500 });
    db.close();
  });

  it('without the worker and with the automatic checkpoint off, the WAL grows each round (what the worker prevents)', () => {
    const { db, file } = walDb();
    db.pragma('wal_autocheckpoint = 0');
    write(db, 1500);
    const afterFirst = walBytes(file);
    for (let round = 0; round < 4; round++) write(db, 1500);
    expect(walBytes(file)).toBeGreaterThan(afterFirst * 3);
    db.close();
  });

  it('under commits that never pause the WAL would grow without end: the connection then checkpoints itself, for a while', async () => {
    const { db, file } = walDb();
    const cp = startWalCheckpointer(db, file, { SWITCHYARD_WAL_CHECKPOINT_MS: '20' }, { holdMs: 300 })!;
    stops.push(cp);
    const autocheckpoint = () => db.pragma('wal_autocheckpoint', { simple: true });
    // Small commits back to back, never yielding long: each worker checkpoint finds new frames
    // appended while it copied, so the WAL is never written from its start again.
    let rounds = 0;
    while (autocheckpoint() === 0 && rounds < 5000) {
      write(db, 20);
      cp.tick();
      rounds++;
      if (rounds % 50 === 0) await new Promise((r) => setTimeout(r, 1));
    }
    expect(autocheckpoint()).toBe(1000);
    // A checkpoint the worker began before the hold may still run (slowly, on a busy machine), and
    // while it runs the connection's own checkpoints are turned away: its answer to a look comes
    // after it has ended, and held, the worker starts no other.
    await cp.lookNow();
    // From now on SQLite's own checkpoint keeps the WAL near 1,000 pages: 6,000 more pages written
    // leave its file about as large as it was.
    const grown = walBytes(file);
    for (let i = 0; i < 300; i++) write(db, 20);
    expect(walBytes(file)).toBeLessThan(grown + 2000 * 4120);
    // Quiet for longer than the hold (after taking any report the writes above caused): the worker is enough again.
    await new Promise((r) => setTimeout(r, 100));
    cp.tick();
    await new Promise((r) => setTimeout(r, 400));
    cp.tick();
    expect(autocheckpoint()).toBe(0);
    db.close();
  });

  // The worker's looks are made by the test (lookNow) rather than by its timer, so what each look
  // finds does not depend on how busy the machine is.
  it('bursts with pauses between them stay with the worker, however large a burst', async () => {
    const { db, file } = walDb();
    const cp = startWalCheckpointer(db, file, { SWITCHYARD_WAL_CHECKPOINT_MS: '3600000' }, { holdMs: 300 })!;
    stops.push(cp);
    for (let burst = 0; burst < 4; burst++) {
      write(db, 1500 + burst * 100);
      const r = await cp.lookNow();
      expect(r.log).toBeGreaterThan(1000);
      expect(r.checkpointed).toBe(r.log);
      await cp.lookNow();
      cp.tick();
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    }
    db.close();
  });

  it('a WAL that grows from look to look without being written from its start again hands the checkpoint back', async () => {
    const { db, file } = walDb();
    const cp = startWalCheckpointer(db, file, { SWITCHYARD_WAL_CHECKPOINT_MS: '3600000' }, { holdMs: 300 })!;
    stops.push(cp);
    // A reader holding its snapshot keeps the worker from copying what came after it, so each
    // burst is appended to the WAL instead of restarting it: what commits that never pause do.
    const reader = new Database(file);
    reader.exec('begin');
    reader.prepare('select count(*) from blobs').get();
    write(db, 1200);
    expect((await cp.lookNow()).log).toBeGreaterThan(1000);
    cp.tick();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    write(db, 1200);
    expect((await cp.lookNow()).log).toBeGreaterThan(2000);
    cp.tick();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    reader.exec('commit');
    reader.close();
    db.close();
  });

  it('a worker that fails (here: its database file is not there) switches the automatic checkpoint back on', async () => {
    const { db, file } = walDb();
    const cp = startWalCheckpointer(db, path.join(path.dirname(file), 'missing.db'));
    if (cp) {
      stops.push(cp);
      await expect(cp.checkpointNow()).rejects.toThrow();
    }
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    db.close();
  });

  it('the store opens its SQLite file with the worker and stops it on close; an in-memory store has none', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-wal-'));
    dirs.push(dir);
    const restore = setEnv({ SWITCHYARD_DB: path.join(dir, 'store.db'), DATABASE_URL: undefined });
    try {
      closeDb();
      expect(walCheckpointer()).not.toBeNull();
      expect(getDb().$client.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      closeDb();
      process.env.SWITCHYARD_DB = ':memory:';
      expect(walCheckpointer()).toBeNull();
    } finally {
      closeDb();
      restore();
    }
  });
});
