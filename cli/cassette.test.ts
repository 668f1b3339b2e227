/**
 * Cassettes drive graph tests (issue 13 item 3): a run recorded against the mock model (a model
 * call, an HTTP tool call, a model call) is exported with GET /api/runs/:id/cassette through
 * `switchyard cassette RUN_ID --server URL -o FILE`; a graph test with `cassette: FILE` then passes
 * through `switchyard test` with no request reaching the mock (model or tool), and fails without it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { startHarness, type Harness } from '@/lib/runtime/testing/harness';
import { agentGraph } from '@/lib/runtime/testing/graphs';

const BIN = path.resolve('bin/switchyard.mjs');
let dir: string;
let mock: MockOpenAI;
let h: Harness;

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', SWITCHYARD_API_KEY: '' };
    execFile(process.execPath, [BIN, ...args], { env, cwd: process.cwd(), timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'switchyard-cassette-'));
  mock = await startMockOpenAI({
    rules: [
      { name: 'final', match: (req) => req.messages.some((m) => m.role === 'tool'), reply: { content: 'The price is 42.', usage: { prompt_tokens: 30, completion_tokens: 5 } } },
      { name: 'ask', reply: { tool_calls: [{ id: 'call_1', name: 'lookup', arguments: { item: 'tea' } }], usage: { prompt_tokens: 20, completion_tokens: 8 } } },
    ],
  });
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-secret-test', SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
  await mock?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('switchyard cassette', () => {
  it('exports a recorded run; a graph test replays it with zero model or tool requests', async () => {
    const doc = agentGraph('priced-lookup', {
      tools: { lookup: { type: 'http', method: 'GET', url: `${mock.origin}/echo/price`, description: 'Looks up the price of an item.' } },
      agent: { tools: ['lookup'] },
    });
    const graphId = await h.createGraph(doc);
    const runId = await h.startRun(graphId, { input: 'What does tea cost?' });
    expect((await h.waitForStatus(runId, ['succeeded'])).run.status).toBe('succeeded');
    const recorded = mock.requests.length;
    expect(mock.count()).toBe(2);
    expect(mock.requests.filter((r) => r.path === '/echo/price')).toHaveLength(1);

    // The route: results only (no requests, no connection secrets), as a download.
    const res = await h.api.fetch(`/api/runs/${runId}/cassette`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="priced-lookup-${runId.slice(0, 8)}.cassette.json"`);
    const text = await res.text();
    const cassette = JSON.parse(text);
    expect(cassette).toMatchObject({ switchyard_cassette: 1, run_id: runId, graph: 'priced-lookup', status: 'succeeded' });
    expect(cassette.calls.map((c: { kind: string; node: string }) => `${c.kind} ${c.node}`)).toEqual(['llm agent', 'tool agent', 'llm agent']);
    expect(cassette.calls[2].result).toMatchObject({ message: { role: 'assistant', content: 'The price is 42.' } });
    for (const c of cassette.calls) expect(Object.keys(c).sort()).toEqual(['kind', 'node', 'request_hash', 'result']);
    expect(text).not.toContain('sk-secret-test');
    expect((await h.api.fetch('/api/runs/no-such-run/cassette')).status).toBe(404);

    // The CLI writes it beside a test of the graph (the graph file is the server's export).
    const file = path.join(dir, 'recorded.cassette.json');
    const exported = await cli(['cassette', runId, '--server', h.api.url, '--api-key', 'unused', '-o', file]);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain(`cassette of run ${runId} (3 recorded calls) written to ${file}`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(cassette);
    writeFileSync(path.join(dir, 'priced-lookup.yaml'), await (await h.api.fetch(`/api/graphs/${graphId}/export`)).text());
    const test = (cassetteLine: string) => `tests:
  - name: replays the recorded run
    input: What does tea cost?
${cassetteLine}    assert:
      - status == "succeeded"
      - output == "The price is 42."
      - trace.tools_called == ["lookup"]
      - trace.tool_results[0].output.contains("/echo/price")
      - trace.model_calls == 2
      - usage.total_tokens == 63
`;
    writeFileSync(path.join(dir, 'priced-lookup.test.yaml'), test('    cassette: recorded.cassette.json\n'));
    const passed = await cli(['test', path.join(dir, 'priced-lookup.test.yaml')]);
    expect(passed.stdout).toContain('1 passed, 0 failed');
    expect(passed.code).toBe(0);
    expect(mock.requests).toHaveLength(recorded); // nothing reached the mock: neither the model nor the tool

    // Without the cassette the same test has no model replies and fails.
    writeFileSync(path.join(dir, 'priced-lookup.test.yaml'), test(''));
    const failed = await cli(['test', path.join(dir, 'priced-lookup.test.yaml')]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('0 passed, 1 failed');
    expect(mock.requests).toHaveLength(recorded);

    const unknown = await cli(['cassette', 'no-such-run', '--server', h.api.url]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('HTTP 404');
  }, 120_000);
});
