import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventRecorder } from '@/lib/runtime/event-recorder';
import { resetRuntimeState } from '@/lib/runtime/globals';
import { seedRun } from '@/lib/runtime/testing/temp-db';
import { setEnv } from '@/lib/testing/env';
import { closeDb, getDb } from './client';
import { getConnection, insertConnection, updateConnection } from './connections';
import { backupDatabase, rotateSecretKey } from './maintenance';
import { getStore } from './store';
import { keyFromText, newKeyText, open } from './secret-box';

let dir = '';
let dbFile = '';
let restoreEnv: () => void;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'switchyard-rest-'));
  dbFile = path.join(dir, 'data', 'app.db');
  restoreEnv = setEnv({ SWITCHYARD_DB: dbFile, SWITCHYARD_SECRET_KEY: undefined });
});
afterEach(async () => {
  resetRuntimeState();
  closeDb();
  restoreEnv();
  rmSync(dir, { recursive: true, force: true });
});

const raw = (name: string) => getDb().$client.prepare('select api_key, headers from connections where name = ?').get(name) as { api_key: string | null; headers: string | null };
const mode = (f: string) => statSync(f).mode & 0o777;

describe('connection secrets at rest', () => {
  it('are stored encrypted (enc:v1, AES-256-GCM) and read back in plain; the key file and the database are 0600', () => {
    insertConnection({ name: 'vllm', baseUrl: 'http://gpu:8000/v1', apiKey: 'sk-live-123', headers: { 'X-Org': 'org-secret' } });
    const stored = raw('vllm');
    expect(stored.api_key).toMatch(/^enc:v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(stored.headers).not.toContain('org-secret');
    expect(getConnection('vllm')).toMatchObject({ apiKey: 'sk-live-123', headers: { 'X-Org': 'org-secret' } });
    expect(updateConnection('vllm', { headers: { 'X-Team': 't-1' } })).toMatchObject({ apiKey: 'sk-live-123', headers: { 'X-Org': 'org-secret', 'X-Team': 't-1' } });
    expect(raw('vllm').headers).not.toContain('"t-1"'); // the value as JSON text: a short plain text may occur in base64 by chance
    const keyFile = path.join(dir, 'data', 'secret.key');
    expect(mode(keyFile)).toBe(0o600);
    expect(mode(dbFile)).toBe(0o600);
    expect(open(stored.api_key!, keyFromText(readFileSync(keyFile, 'utf8')))).toBe('sk-live-123');
  });

  it('SWITCHYARD_SECRET_KEY is used when set; plaintext rows from before are encrypted on first use', async () => {
    setEnv({ SWITCHYARD_SECRET_KEY: newKeyText() }); // afterEach's restoreEnv puts back the value from before the test
    getDb().$client.prepare("insert into connections (name, base_url, api_key, headers, created_at) values ('old', 'http://x/v1', 'sk-plain', '{\"A\":\"h-plain\"}', 0)").run();
    closeDb();
    // The async store's first use seals them (on Postgres only it does: the synchronous path only reads there).
    expect(await getStore().connections.list()).toMatchObject([{ name: 'old', apiKey: 'sk-plain', headers: { A: 'h-plain' } }]);
    expect(raw('old').api_key).toMatch(/^enc:v1:/);
    expect(raw('old').headers).not.toContain('h-plain');
    expect(open(raw('old').api_key!, keyFromText(process.env.SWITCHYARD_SECRET_KEY!))).toBe('sk-plain');
  });

  it('rotate-key re-encrypts every secret with the new key and replaces the key file', async () => {
    insertConnection({ name: 'a', baseUrl: 'http://a/v1', apiKey: 'sk-a', headers: { H: 'h-a' } });
    const before = raw('a').api_key;
    closeDb();
    const next = newKeyText();
    expect(await rotateSecretKey(dbFile, next)).toMatchObject({ rows: 1 });
    expect(readFileSync(path.join(dir, 'data', 'secret.key'), 'utf8').trim()).toBe(next);
    expect(raw('a').api_key).not.toBe(before);
    expect(open(raw('a').api_key!, keyFromText(next))).toBe('sk-a');
    expect(getConnection('a')).toMatchObject({ apiKey: 'sk-a', headers: { H: 'h-a' } });
  });
});

// SQLite's online backup (with Postgres: pg_dump, README).
describe('backup', () => {
  it('a backup taken while a run writes passes integrity_check and opens with the data', async () => {
    const run = await seedRun();
    const rec = createEventRecorder({ runId: run.id, afterSeq: 0 });
    let writing = true;
    let written = 0;
    const pump = () => {
      if (!writing) return;
      for (let i = 0; i < 20; i++) rec.emit({ type: 'state.updated', step: written, span_id: 'n', data: { before: {}, after: { i: written++ }, changed: ['i'] } });
      setImmediate(pump);
    };
    pump();
    const target = path.join(dir, 'backup.db');
    await backupDatabase(dbFile, target);
    writing = false;
    expect(written).toBeGreaterThan(0);
    expect(mode(target)).toBe(0o600);
    const copy = new Database(target, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect((copy.prepare('select count(*) as n from runs where id = ?').get(run.id) as { n: number }).n).toBe(1);
      expect((copy.prepare('select count(*) as n from run_events where run_id = ?').get(run.id) as { n: number }).n).toBeGreaterThan(0);
    } finally {
      copy.close();
    }
  });
});
