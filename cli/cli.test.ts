/**
 * The switchyard CLI as a process (bin/switchyard.mjs): validate, test (exit codes, the failing
 * assertion named, JUnit XML), run against the mock OpenAI server, push/pull against the API.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startHarness, type Harness } from '@/lib/runtime/testing/harness';

const BIN = path.resolve('bin/switchyard.mjs');
let dir: string;

/** Runs the CLI (async: the mock and API servers of this process keep answering meanwhile). */
function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const clean = { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', ...env };
    execFile(process.execPath, [BIN, ...args], { env: clean, cwd: process.cwd(), timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

/** Well-formed XML, checked by hand: every tag closed in order, attributes quoted, entities known. */
function wellFormed(xml: string): boolean {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = tag.exec(body))) {
    at = tag.lastIndex;
    if (m[5] !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(m[5])) return false;
      continue;
    }
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else if (!m[4]) stack.push(m[2]);
  }
  return at === body.length && stack.length === 0;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'switchyard-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('switchyard validate', () => {
  it('exits 0 for the examples and 1 for a bad file, with file:line:col', async () => {
    const good = await cli(['validate', 'examples/mrkl-agent.yaml', 'examples/writer-reviewer.yaml']);
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('examples/mrkl-agent.yaml: ok');
    const bad = path.join(dir, 'bad.yaml');
    writeFileSync(bad, 'switchyard: 1\nname: bad\nnodes:\n  a: { role: agent }\nedges:\n  - { from: START, to: nowhere }\n');
    const r = await cli(['validate', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:6:\\d+: error unknown_node`));
  }, 60_000);
});

describe('switchyard test', () => {
  it('runs the examples\' tests through the CLI and passes', async () => {
    const r = await cli(['test', 'examples/*.test.yaml']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^6 passed, 0 failed$/m);
  }, 60_000);

  it('a failing assertion exits 1 and is named; --junit writes well-formed JUnit XML', async () => {
    const graph = readFileSync('examples/writer-reviewer.yaml', 'utf8');
    writeFileSync(path.join(dir, 'wr.yaml'), graph);
    writeFileSync(
      path.join(dir, 'wr.test.yaml'),
      'tests:\n  - name: approves <at once> & ends\n    input: hi\n    replies: { writer: [Hello], reviewer: [approve] }\n    assert:\n      - output == "Hello"\n      - output.contains("Goodbye")\n',
    );
    const junit = path.join(dir, 'junit.xml');
    const r = await cli(['test', path.join(dir, '*.test.yaml'), '--junit', junit]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('✗ approves <at once> & ends');
    expect(r.stdout).toContain('assertion failed: output.contains("Goodbye"): was false');
    expect(r.stdout).toMatch(/^0 passed, 1 failed$/m);
    const xml = readFileSync(junit, 'utf8');
    expect(wellFormed(xml)).toBe(true);
    expect(wellFormed('<a><b></a></b>')).toBe(false);
    expect(xml).toContain('<testsuites name="switchyard" tests="1" failures="1"');
    expect(xml).toContain('<testcase name="approves &lt;at once&gt; &amp; ends"');
    expect(xml).toContain('<failure message="assertion failed: output.contains(&quot;Goodbye&quot;): was false">');
  }, 60_000);
});

describe('switchyard run', () => {
  let mock: MockOpenAI;
  beforeAll(async () => {
    mock = await startMockOpenAI({ rules: [{ name: 'answer', reply: { content: 'The answer is 42.', chunkSize: 4 } }] });
  });
  afterAll(async () => mock?.close());

  it('runs a graph against the mock OpenAI server and prints the trace and the answer', async () => {
    const file = path.join(dir, 'one.yaml');
    writeFileSync(file, 'switchyard: 1\nname: one\nmodels:\n  default: { connection: default, model: gpt-4o-mini }\nnodes:\n  a: { role: agent }\nedges:\n  - { from: START, to: a }\n  - { from: a, to: END }\n');
    const r = await cli(['run', file, '--input', 'What is six times seven?', '--base-url', `${mock.url}`]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('● a [agent');
    expect(r.stdout).toMatch(/← a: \[\d+ in \/ \d+ out, \$[\d.]+, \d+ ms\] The answer is 42\./);
    expect(r.stdout).toContain('■ answer: The answer is 42.');
    expect(mock.chatRequests()).toHaveLength(1);
  }, 60_000);
});

describe('switchyard push / pull', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.close());

  it('pushes a graph file to a server (created, then a new version) and pulls it back as the same YAML', async () => {
    const file = 'examples/writer-reviewer.yaml';
    const first = await cli(['push', file, '--server', h.api.url, '--key', 'k']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/created writer-reviewer \(version 1/);
    const again = await cli(['push', file, '--server', h.api.url]);
    expect(again.stdout).toMatch(/updated writer-reviewer \(version \d+/);
    const out = path.join(dir, 'pulled.yaml');
    const pulled = await cli(['pull', 'writer-reviewer', '--server', h.api.url, '--out', out]);
    expect(pulled.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(file, 'utf8'));
    const missing = await cli(['pull', 'nope', '--server', h.api.url]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no graph named "nope"');
  }, 60_000);
});
