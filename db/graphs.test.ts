import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { DEFAULT_WORKSPACE_ID } from '@/db/store/ports-workspaces';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { writerReviewerGraph, WRITER_REVIEWER_YAML } from '@/lib/graph/testing/fixtures';
import type { GraphDocument } from '@/lib/graph/schema';
import { setEnv } from '@/lib/testing/env';

const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-db-'));
const restoreEnv = setEnv({ SWITCHYARD_DB: path.join(dir, 'nested', 'test.db') });

const { closeDb, getDb } = await import('./client');
const q = await import('./graphs');
const { seedExamples } = await import('./seed');
const { startServer } = await import('@/lib/server/startup');

function doc(name: string, extra: Partial<GraphDocument> = {}): GraphDocument {
  return { ...writerReviewerGraph(), name, ...extra };
}
function count(table: 'graphs' | 'graph_versions'): number {
  return getDb().get<{ n: number }>(sql.raw(`select count(*) as n from ${table}`))!.n;
}

beforeAll(() => {
  getDb();
});
afterAll(() => {
  closeDb();
  restoreEnv();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  getDb().run(sql`delete from graphs`);
  getDb().run(sql`delete from meta`);
});

describe('the database connection', () => {
  // SQLite's file and pragmas (graphs.postgres.test.ts runs this file against Postgres).
  it('creates the directory, migrates, and runs with WAL, foreign keys and a busy timeout', () => {
    const client = getDb().$client;
    expect(client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(client.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(client.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(client.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    const tables = client.prepare("select name from sqlite_master where type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['graphs', 'graph_versions', 'meta', '__drizzle_migrations']));
  });

  it('is one connection, cached across calls, and reopens after closeDb', () => {
    const a = getDb();
    expect(getDb()).toBe(a);
    closeDb();
    const b = getDb();
    expect(b).not.toBe(a);
    expect(b.$client.open).toBe(true);
  });
});

describe('graph queries', () => {
  it('creating a graph stores version 1 and lists it with its roles count', () => {
    const row = q.createGraph(doc('alpha', { description: 'first' }), DEFAULT_WORKSPACE_ID);
    expect(row.version).toBe(1);
    expect(q.listGraphVersions(row.id)!.map((v) => v.version)).toEqual([1]);
    const [listed] = q.listGraphs([DEFAULT_WORKSPACE_ID]);
    expect(listed).toMatchObject({ id: row.id, name: 'alpha', description: 'first', roles: 2, version: 1 });
    expect(listed.updatedAt).toBeInstanceOf(Date);
    expect(q.getGraphByName('alpha', DEFAULT_WORKSPACE_ID)!.document).toEqual(doc('alpha', { description: 'first' }));
  });

  it('a taken name is a conflict and nothing is written', () => {
    q.createGraph(doc('alpha'), DEFAULT_WORKSPACE_ID);
    const before = [count('graphs'), count('graph_versions')];
    expect(() => q.createGraph(doc('alpha'), DEFAULT_WORKSPACE_ID)).toThrow(expect.objectContaining({ code: 'conflict' }));
    expect([count('graphs'), count('graph_versions')]).toEqual(before);
  });

  it('updating appends a version and keeps the old one', () => {
    const row = q.createGraph(doc('alpha'), DEFAULT_WORKSPACE_ID);
    const next = doc('alpha', { description: 'changed' });
    const updated = q.updateGraph(row.id, next);
    expect(updated.version).toBe(2);
    expect(updated.description).toBe('changed');
    expect(q.listGraphVersions(row.id)!.map((v) => v.version)).toEqual([2, 1]);
    expect(q.getGraphVersion(row.id, 1)!.document.description).toBeUndefined();
    expect(q.getGraph(row.id)!.document).toEqual(next);
  });

  it('renaming onto another graph is a 409 and rolls back the whole update', () => {
    const a = q.createGraph(doc('alpha'), DEFAULT_WORKSPACE_ID);
    q.createGraph(doc('beta'), DEFAULT_WORKSPACE_ID);
    expect(() => q.updateGraph(a.id, doc('beta'))).toThrow(AppError);
    expect(q.getGraph(a.id)!.name).toBe('alpha');
    expect(q.listGraphVersions(a.id)).toHaveLength(1);
  });

  it('renaming to a free name works and frees the old name', () => {
    const a = q.createGraph(doc('alpha'), DEFAULT_WORKSPACE_ID);
    q.updateGraph(a.id, doc('gamma'));
    expect(q.getGraphByName('alpha', DEFAULT_WORKSPACE_ID)).toBeNull();
    expect(q.findGraph('gamma', DEFAULT_WORKSPACE_ID)!.id).toBe(a.id);
    expect(q.findGraph(a.id, DEFAULT_WORKSPACE_ID)!.name).toBe('gamma');
  });

  it('updating an unknown graph is not_found', () => {
    expect(() => q.updateGraph('nope', doc('x'))).toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('deleting removes the graph and its versions (cascade)', () => {
    const a = q.createGraph(doc('alpha'), DEFAULT_WORKSPACE_ID);
    q.updateGraph(a.id, doc('alpha', { description: 'v2' }));
    expect(q.deleteGraph(a.id)).toBe(true);
    expect(q.getGraph(a.id)).toBeNull();
    expect(count('graph_versions')).toBe(0);
    expect(q.deleteGraph(a.id)).toBe(false);
  });

  it('import creates, refuses a taken name, and with overwrite appends a version', () => {
    const first = q.importGraph(doc('alpha'), DEFAULT_WORKSPACE_ID);
    expect(first.created).toBe(true);
    expect(() => q.importGraph(doc('alpha'), DEFAULT_WORKSPACE_ID)).toThrow(expect.objectContaining({ code: 'conflict', details: { id: first.graph.id } }));
    const again = q.importGraph(doc('alpha', { description: 'v2' }), DEFAULT_WORKSPACE_ID, { overwrite: true });
    expect(again).toMatchObject({ created: false, graph: { id: first.graph.id, version: 2, description: 'v2' } });
    expect(count('graphs')).toBe(1);
  });

  it('import as a copy takes the next free name and leaves the original alone', () => {
    const first = q.importGraph(doc('alpha'), DEFAULT_WORKSPACE_ID);
    const copy = q.importGraph(doc('alpha', { description: 'copy' }), DEFAULT_WORKSPACE_ID, { asCopy: true });
    expect(copy).toMatchObject({ created: true, graph: { name: 'alpha-2', version: 1, description: 'copy' } });
    expect(copy.graph.document.name).toBe('alpha-2');
    expect(q.getGraph(first.graph.id)).toMatchObject({ name: 'alpha', version: 1 });
    expect(q.importGraph(doc('fresh'), DEFAULT_WORKSPACE_ID, { asCopy: true }).graph.name).toBe('fresh');
  });

  it('uniqueGraphName adds -2, -3 ... and stays within 80 characters', () => {
    expect(q.uniqueGraphName('alpha', DEFAULT_WORKSPACE_ID)).toBe('alpha');
    q.createGraph(doc('alpha'), DEFAULT_WORKSPACE_ID);
    expect(q.uniqueGraphName('alpha', DEFAULT_WORKSPACE_ID)).toBe('alpha-2');
    q.createGraph(doc('alpha-2'), DEFAULT_WORKSPACE_ID);
    expect(q.uniqueGraphName('alpha', DEFAULT_WORKSPACE_ID)).toBe('alpha-3');
    const long = 'a'.repeat(80);
    q.createGraph(doc(long), DEFAULT_WORKSPACE_ID);
    expect(q.uniqueGraphName(long, DEFAULT_WORKSPACE_ID)).toBe(`${'a'.repeat(78)}-2`);
  });

  it('lists the most recently updated first', () => {
    const a = q.createGraph(doc('alpha'), DEFAULT_WORKSPACE_ID);
    q.createGraph(doc('beta'), DEFAULT_WORKSPACE_ID);
    getDb().run(sql`update graphs set updated_at = 1000 where name = 'beta'`);
    q.updateGraph(a.id, doc('alpha', { description: 'new' }));
    expect(q.listGraphs([DEFAULT_WORKSPACE_ID]).map((g) => g.name)).toEqual(['alpha', 'beta']);
  });
});

describe('seeding the examples', () => {
  it('seeds once: a deleted example does not come back on the next start', () => {
    const first = seedExamples([doc('ex-one'), doc('ex-two')]);
    expect(first).toEqual({ ran: true, seeded: ['ex-one', 'ex-two'] });
    q.deleteGraph(q.getGraphByName('ex-one', DEFAULT_WORKSPACE_ID)!.id);
    expect(seedExamples([doc('ex-one'), doc('ex-two')])).toEqual({ ran: false, seeded: [] });
    expect(q.getGraphByName('ex-one', DEFAULT_WORKSPACE_ID)).toBeNull();
  });

  it('leaves a user graph of the same name alone', () => {
    const mine = q.createGraph(doc('ex-one', { description: 'mine' }), DEFAULT_WORKSPACE_ID);
    expect(seedExamples([doc('ex-one')]).seeded).toEqual([]);
    expect(q.getGraph(mine.id)!.description).toBe('mine');
  });

  it('startServer seeds the valid examples/*.yaml files and reports the invalid ones', async () => {
    const examples = path.join(dir, 'examples');
    mkdirSync(examples, { recursive: true });
    writeFileSync(path.join(examples, 'good.yaml'), WRITER_REVIEWER_YAML);
    writeFileSync(path.join(examples, 'bad.yaml'), 'switchyard: 1\nname: [oops\n');
    writeFileSync(path.join(examples, 'notes.txt'), 'not yaml');
    const report = await startServer({ examplesDir: examples, log: false });
    expect(report.seed.seeded).toEqual(['writer-reviewer']);
    expect(report.invalidExamples.map((e) => e.file)).toEqual(['bad.yaml']);
    expect(report.invalidExamples[0].message).toMatch(/^\d+:\d+ /);
  });
});
