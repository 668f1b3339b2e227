/**
 * Through HTTP: SSRF attempts through the http tool are refused (and never reach the target), and
 * every example graph in examples/*.yaml runs against the mock model (human nodes approved).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { BUILTIN_RULES, BUILTIN_SEARCH, MRKL_QUESTION, MRKL_RESULT } from '@/lib/llm/testing/scenarios';
import type { TraceEvent } from '@/lib/contracts/trace';
import { parseGraphYaml } from '@/lib/graph/yaml';
import type { GraphDocument } from '@/lib/graph/schema';
import { setEnv } from '@/lib/testing/env';
import { startHarness, type Harness } from './testing/harness';
import { agentGraph } from './testing/graphs';
import { startTargetServer, type TargetServer } from './testing/target-server';
import { isGraphFile } from '@/lib/graph/file-names';

let mock: MockOpenAI;
let target: TargetServer;
let h: Harness;

beforeAll(async () => {
  mock = await startMockOpenAI({ rules: BUILTIN_RULES, search: BUILTIN_SEARCH });
  target = await startTargetServer();
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', SWITCHYARD_ALLOWED_HOSTS: '' });
});
afterAll(async () => {
  await h?.close();
  await target?.close();
  await mock?.close();
});

const ofType = (events: TraceEvent[], type: string) => events.filter((e) => e.type === type);

/** A tool_calling agent with one http tool per URL; the model calls them all, then answers. */
async function tryUrls(name: string, urls: Record<string, string>) {
  const names = Object.keys(urls);
  mock.script([
    { match: { turn: 1, lastUserContains: name }, reply: { tool_calls: names.map((n) => ({ name: n, arguments: {} })) } },
    { match: { turn: 2, lastUserContains: name }, reply: { content: 'done' } },
  ]);
  const tools = Object.fromEntries(names.map((n) => [n, { type: 'http' as const, method: 'GET' as const, url: urls[n] }]));
  const doc = agentGraph(name, { tools, agent: { tools: names } });
  const runId = await h.startRun(await h.createGraph(doc), { input: name });
  const { run, events } = await h.waitForStatus(runId, ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded'); // refusals are tool errors, not crashes
  return Object.fromEntries(ofType(events, 'tool.result').map((e) => [String(e.data.tool), e.data]));
}

describe('SSRF through the http tool', () => {
  it('refuses loopback, link-local metadata, IPv6 loopback and decimal IPs when nothing is allowed', async () => {
    const restoreEnv = setEnv({ SWITCHYARD_ALLOWED_HOSTS: '' });
    const results = await tryUrls('ssrf-direct', {
      loopback: `http://127.0.0.1:${target.port}/secret`,
      metadata: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      ipv6: `http://[::1]:${target.port}/secret`,
      decimal: `http://2130706433:${target.port}/secret`,
    }).finally(restoreEnv);
    for (const tool of ['loopback', 'metadata', 'ipv6', 'decimal']) {
      expect(results[tool]?.error, tool).toBeTruthy();
      expect(String(results[tool].error), tool).toMatch(/not allowed|private|loopback|link-local|refused|blocked/i);
      expect(String(results[tool].output ?? '')).not.toContain('TOP SECRET');
    }
    expect(target.hits).toEqual([]);
  });

  it('re-checks redirects: an allowed host redirecting to a private address is refused', async () => {
    const restoreEnv = setEnv({ SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1' });
    try {
      const to = (url: string) => `${mock.origin}/redirect?to=${encodeURIComponent(url)}`;
      const results = await tryUrls('ssrf-redirect', {
        to_metadata: to('http://169.254.169.254/latest/meta-data/'),
        to_ipv6: to(`http://[::1]:${target.port}/secret`),
        to_private: to(`http://10.0.0.1:${target.port}/secret`),
        allowed: `http://127.0.0.1:${target.port}/ok`,
      });
      for (const tool of ['to_metadata', 'to_ipv6', 'to_private']) {
        expect(results[tool]?.error, tool).toBeTruthy();
        expect(String(results[tool].error), tool).toMatch(/redirect|not allowed|private|link-local|loopback/i);
      }
      // the allow-list works: the one allowed request got through
      expect(results.allowed.error).toBeUndefined();
      expect(String(results.allowed.output)).toContain('TOP SECRET');
      expect(target.hits).toEqual(['/ok']);
    } finally {
      restoreEnv();
    }
  });
});

/** The example with its web search pointed at the mock's search back end (no internet in tests). */
function localised(doc: GraphDocument): GraphDocument {
  const tools = Object.fromEntries(
    Object.entries(doc.tools ?? {}).map(([name, t]) => {
      if (t.type === 'http' && t.url.includes('search.example.com')) return [name, { ...t, url: `${mock.origin}/search?q={query}&format=json` }];
      if (t.type === 'web_search' || t.type === 'web_retriever') return [name, { ...t, provider: 'searxng' as const, url: mock.origin }];
      return [name, t];
    }),
  );
  return { ...doc, tools };
}

const INPUTS: Record<string, string> = { 'mrkl-agent': MRKL_QUESTION };

describe('every example graph runs against the mock model', () => {
  const files = readdirSync('examples').filter(isGraphFile);
  it('has examples to run', () => expect(files.length).toBeGreaterThanOrEqual(4));

  it.each(files)('%s', async (file) => {
    const restoreEnv = setEnv({ SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1' });
    mock.script(BUILTIN_RULES);
    try {
      const parsed = parseGraphYaml(readFileSync(`examples/${file}`, 'utf8'));
      if (!parsed.ok) throw new Error(`${file}: ${parsed.errors.map((e) => e.message).join('; ')}`);
      const doc = localised({ ...parsed.doc, name: `ex-${parsed.doc.name}` });
      const runId = await h.startRun(await h.createGraph(doc), { input: INPUTS[parsed.doc.name] ?? 'Write a short report on the Switchyard project.' });
      let detail = await h.waitForStatus(runId, ['succeeded', 'failed', 'paused'], 30_000);
      for (let approvals = 0; detail.run.status === 'paused' && approvals < 5; approvals++) {
        const r = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'approve' } });
        expect(r.status).toBe(202);
        detail = await h.waitForStatus(runId, ['succeeded', 'failed', 'paused'], 30_000);
      }
      const { run, events } = detail;
      expect(run.error).toBeNull();
      expect(run.status).toBe('succeeded');
      expect(ofType(events, 'llm.request').length).toBeGreaterThan(0);
      expect(ofType(events, 'tool.result').filter((e) => e.data.error)).toEqual([]);
      if (parsed.doc.name === 'mrkl-agent') expect(JSON.stringify(run.output)).toContain(MRKL_RESULT);
    } finally {
      restoreEnv();
    }
  });
});
