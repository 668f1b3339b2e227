import { mkdtempSync, rmSync } from 'node:fs';
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { setEnv } from '@/lib/testing/env';

const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-runs-'));
const restoreEnv = setEnv({ SWITCHYARD_DB: path.join(dir, 'test.db') });

const { closeDb, getDb } = await import('./client');
const { createGraph } = await import('./graphs');
const { getRun, insertRun, updateRun } = await import('./runs');

afterAll(async () => {
  closeDb();
  restoreEnv();
  rmSync(dir, { recursive: true, force: true });
});

const graph = () => createGraph({ switchyard: 1, name: `g-${randomUUID().slice(0, 8)}`, nodes: { a: { role: 'human', prompt: 'ok?' } }, edges: [{ from: 'START', to: 'a' }, { from: 'a', to: 'END' }] }, DEFAULT_WORKSPACE_ID);
const stored = (id: string) =>
  getDb().get<Record<string, unknown>>(sql`select inputs, breakpoints, output, error, usage, started_at, finished_at from runs where id = ${id}`)!;

// The run row's insert and updates are prepared once (db/prepared.ts): a value is bound as its column stores it.
describe('run rows (prepared statements)', () => {
  it('insert returns the row as a read does, JSON columns parsed and the creation time a Date', () => {
    const g = graph();
    const run = insertRun({ id: randomUUID(), graphId: g.id, graphName: g.name, graphVersion: 1, input: 'hi', inputs: { topic: 'x', n: 2 }, breakpoints: ['a'], source: 'api', conversationId: 'c1' });
    expect(run).toEqual(getRun(run.id));
    expect(run).toMatchObject({ status: 'queued', inputs: { topic: 'x', n: 2 }, breakpoints: ['a'], conversationId: 'c1', output: null, startedAt: null });
    expect(run.createdAt).toBeInstanceOf(Date);
  });

  it('a missing value is stored as NULL, not as JSON "null" text', () => {
    const g = graph();
    const run = insertRun({ id: randomUUID(), graphId: g.id, graphName: g.name, graphVersion: 1, input: 'hi', source: 'ui' });
    expect(stored(run.id)).toMatchObject({ inputs: null, breakpoints: null, output: null });
    expect(getRun(run.id)).toMatchObject({ inputs: null, breakpoints: null, apiKeyId: null, parentRunId: null });
  });

  it('updates set only the given columns; null clears a JSON column and a date; undefined leaves it', () => {
    const g = graph();
    const run = insertRun({ id: randomUUID(), graphId: g.id, graphName: g.name, graphVersion: 1, input: 'hi', source: 'api' });
    const at = new Date('2026-11-24T10:00:00.000Z');
    updateRun(run.id, { status: 'failed', error: { code: 'x', message: 'boom' }, finishedAt: at, output: { a: [1] } });
    expect(getRun(run.id)).toMatchObject({ status: 'failed', error: { code: 'x', message: 'boom' }, finishedAt: at, output: { a: [1] }, input: 'hi' });
    updateRun(run.id, { status: 'running', error: null, finishedAt: null, output: undefined });
    expect(getRun(run.id)).toMatchObject({ status: 'running', error: null, finishedAt: null, output: { a: [1] } });
    expect(stored(run.id)).toMatchObject({ error: null, finished_at: null });
    updateRun(run.id, {}); // nothing to set: no statement
    expect(getRun(run.id)?.status).toBe('running');
  });

  it('an update of another run leaves this one alone', () => {
    const g = graph();
    const a = insertRun({ id: randomUUID(), graphId: g.id, graphName: g.name, graphVersion: 1, input: 'a', source: 'api' });
    const b = insertRun({ id: randomUUID(), graphId: g.id, graphName: g.name, graphVersion: 1, input: 'b', source: 'api' });
    updateRun(b.id, { status: 'succeeded', usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } });
    expect(getRun(a.id)?.status).toBe('queued');
    expect(getRun(b.id)?.usage).toEqual({ prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 });
  });

  it('a run for a graph that does not exist is refused, nothing written', () => {
    expect(() => insertRun({ id: randomUUID(), graphId: 'nope', graphName: 'x', graphVersion: 1, input: 'hi', source: 'api' })).toThrow();
  });
});
