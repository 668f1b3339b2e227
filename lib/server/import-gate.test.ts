/**
 * Bounded imports: the caps from the environment, the 413 naming SWITCHYARD_MAX_IMPORT_BYTES, the
 * 429 with Retry-After past SWITCHYARD_MAX_CONCURRENT_IMPORTS, and large parses in a worker thread
 * (the event loop keeps turning while one runs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { WRITER_REVIEWER_YAML } from '@/lib/graph/testing/fixtures';
import type { Problem } from '@/lib/graph/problems';
import type { ConfiguredNames } from '@/lib/graph/validate-tools';
import { MAX_YAML_NODES } from '@/lib/graph/yaml-scan';
import { startHarness, type Harness } from '@/lib/runtime/testing/harness';
import { expectApiError } from '@/lib/testing/expect-api-error';
import { activeImports, importLimits, parseImportYaml, withImportSlot } from './import-gate';

const everything: ConfiguredNames = { connections: ['default'], mcpServers: ['files'] };
const limits = { maxBytes: 1024 * 1024, maxConcurrent: 2 };

function withLayout(n: number): string {
  const lines = Array.from({ length: n }, (_, i) => `  g${i}: {x: 1, y: 2}`);
  return `${WRITER_REVIEWER_YAML}layout:\n${lines.join('\n')}\n`;
}

/** Turns of the event loop (setImmediate callbacks) while `work` is pending. */
async function turnsDuring<T>(work: Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let done = false;
  const spin = () => {
    if (done) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  const value = await work.finally(() => (done = true));
  return { value, turns };
}

describe('importLimits', () => {
  it('reads the two variables; a missing or bad value is the default', () => {
    expect(importLimits({})).toEqual({ maxBytes: 1024 * 1024, maxConcurrent: 2 });
    expect(importLimits({ SWITCHYARD_MAX_IMPORT_BYTES: '2048', SWITCHYARD_MAX_CONCURRENT_IMPORTS: '5' })).toEqual({ maxBytes: 2048, maxConcurrent: 5 });
    expect(importLimits({ SWITCHYARD_MAX_IMPORT_BYTES: '-1', SWITCHYARD_MAX_CONCURRENT_IMPORTS: 'two' })).toEqual({ maxBytes: 1024 * 1024, maxConcurrent: 2 });
  });
});

describe('withImportSlot', () => {
  it('refuses one import more than the cap with rate_limited and a retry time, and frees slots when done or failed', async () => {
    let release: () => void = () => {};
    const held = withImportSlot({ maxBytes: 1, maxConcurrent: 1 }, () => new Promise<void>((r) => (release = r)));
    expect(activeImports()).toBe(1);
    const refused = await withImportSlot({ maxBytes: 1, maxConcurrent: 1 }, async () => 'ran').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'rate_limited', details: { retry_after_s: 1, max_concurrent: 1 } });
    expect((refused as AppError).message).toMatch(/SWITCHYARD_MAX_CONCURRENT_IMPORTS/);
    release();
    await held;
    await expect(withImportSlot({ maxBytes: 1, maxConcurrent: 1 }, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(activeImports()).toBe(0);
    await expect(withImportSlot({ maxBytes: 1, maxConcurrent: 1 }, async () => 'ran')).resolves.toBe('ran');
  });
});

describe('parseImportYaml', () => {
  it('parses a large document in a worker thread while the event loop keeps turning', async () => {
    const text = withLayout(20_000);
    const { value, turns } = await turnsDuring(parseImportYaml(text, limits, everything));
    if (!value.ok) throw new Error(value.errors[0].message);
    expect(value.doc.layout?.g19999).toEqual({ x: 1, y: 2 });
    const json = value.warningsJson;
    const warnings = JSON.parse(typeof json === 'string' ? json : new TextDecoder().decode(json)) as Problem[];
    expect(warnings.filter((w) => w.code === 'layout_unknown_node')).toHaveLength(20_000);
    expect(warnings[0].line).toBeGreaterThan(1);
    expect(turns).toBeGreaterThan(10);
  });

  it('parses a small document on the event loop, with the same result', async () => {
    const { value, turns } = await turnsDuring(parseImportYaml(WRITER_REVIEWER_YAML, limits, everything));
    expect(value.ok).toBe(true);
    expect(turns).toBe(0);
  });

  it('refuses too many nodes from the worker, and checks the operator configuration there, placing its problems', async () => {
    const many = await parseImportYaml(`switchyard: 1\nname: [${'0,'.repeat(MAX_YAML_NODES)}0]\n`, limits, everything);
    expect(many.ok).toBe(false);
    if (!many.ok) expect(many.errors[0].code).toBe('too_many_nodes');
    const mcp = withLayout(2_000).replace(/^tools:\n/m, 'tools:\n  files: {type: mcp, server: nowhere, tools: [read]}\n');
    expect(mcp).not.toBe(withLayout(2_000));
    expect((await parseImportYaml(mcp, limits, { connections: ['default'], mcpServers: ['nowhere'] })).ok).toBe(true);
    const r = await parseImportYaml(mcp, limits, { connections: ['default'], mcpServers: [] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual([expect.objectContaining({ code: 'unknown_mcp_server', path: 'tools.files.server', line: 6, col: 30 })]);
  });
});

describe('POST /api/graphs/import caps', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ SWITCHYARD_MAX_IMPORT_BYTES: '4096', SWITCHYARD_MAX_CONCURRENT_IMPORTS: '1' });
  });
  afterAll(async () => h?.close());

  it('answers 413 naming the limit and its variable past SWITCHYARD_MAX_IMPORT_BYTES', async () => {
    const post = (body: string) => h.api.fetch('/api/graphs/import', { method: 'POST', headers: { 'content-type': 'application/yaml' }, body });
    const body = await expectApiError(await post(`${WRITER_REVIEWER_YAML}# ${'x'.repeat(5000)}\n`), 413, 'payload_too_large');
    expect(body.error.message).toBe('the import is larger than 4 KiB (SWITCHYARD_MAX_IMPORT_BYTES=4096)');
    expect((await post(WRITER_REVIEWER_YAML)).status).toBe(201);
  });

  it('answers 429 with Retry-After while SWITCHYARD_MAX_CONCURRENT_IMPORTS imports run, and imports again after', async () => {
    const post = (name: string) =>
      h.api.fetch('/api/graphs/import', { method: 'POST', headers: { 'content-type': 'application/yaml' }, body: WRITER_REVIEWER_YAML.replace(/^name: .*$/m, `name: ${name}`) });
    let release: () => void = () => {};
    const running = withImportSlot(importLimits(), () => new Promise<void>((r) => (release = r)));
    const res = await post('while-busy');
    const body = await expectApiError(res, 429, 'rate_limited');
    expect(res.headers.get('retry-after')).toBe('1');
    expect(body.error.message).toBe('too many imports at once: 1 may run at a time (SWITCHYARD_MAX_CONCURRENT_IMPORTS); try again in 1 s');
    release();
    await running;
    expect((await post('after')).status).toBe(201);
  });
});
