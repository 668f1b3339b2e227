/**
 * examples/docs-qa.yaml end to end through the HTTP API, against the mock model and local servers:
 * a search API (SearXNG shape) and a small documentation site. A docs question is answered from
 * the fetched pages (cached: the second run fetches nothing); a question the docs do not cover
 * falls back to web search, whose empty first result self-reflection rephrases once.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { BUILTIN_RULES } from '@/lib/llm/testing/scenarios';
import type { TraceEvent } from '@/lib/contracts/trace';
import { parseGraphYaml } from '@/lib/graph/yaml';
import type { GraphDocument } from '@/lib/graph/schema';
import type { LocalServer } from '@/lib/tools/testing/local-server';
import { startSearchApi, startSite, type FakeResult } from '@/lib/tools/testing/retrieval-servers';
import { startHarness, type Harness } from './testing/harness';

let mock: MockOpenAI;
let search: LocalServer;
let site: LocalServer;
let h: Harness;
let graphId: string;

/** Docs search (scoped with site:127.0.0.1) knows installing; the web knows Mars only when asked for a "guide". */
function answer(q: string): FakeResult[] {
  if (q.includes('site:127.0.0.1')) {
    return /install/i.test(q)
      ? [
          { title: 'Install', url: `${site.origin}/install`, snippet: 'Switchyard needs Node.js 22.' },
          { title: 'Forum', url: 'https://forum.example.net/install', snippet: 'off the docs site' },
        ]
      : [];
  }
  return /mars/i.test(q) && q.includes('guide') ? [{ title: 'Mars weather', url: 'https://weather.example.org/mars', snippet: 'Mars is cold: about -60 °C on average.' }] : [];
}

beforeAll(async () => {
  mock = await startMockOpenAI({ rules: BUILTIN_RULES });
  search = await startSearchApi(answer);
  site = await startSite();
  // The test servers are on loopback: the harness allow-lists it (its env is restored on close).
  h = await startHarness({ OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1' });
  const parsed = parseGraphYaml(readFileSync('examples/docs-qa.yaml', 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('; '));
  graphId = await h.createGraph(localised(parsed.doc));
});
afterAll(async () => {
  await h?.close();
  await site?.close();
  await search?.close();
  await mock?.close();
});

/** The example with both tools on the local search API and the docs scoped to the local site. */
function localised(doc: GraphDocument): GraphDocument {
  const tools = structuredClone(doc.tools ?? {});
  for (const t of Object.values(tools)) {
    if (t.type === 'web_retriever' || t.type === 'web_search') Object.assign(t, { provider: 'searxng', url: search.origin });
    if (t.type === 'web_retriever') t.domains = ['127.0.0.1'];
  }
  return { ...doc, tools };
}

const ofType = (events: TraceEvent[], type: string) => events.filter((e) => e.type === type);
const pageFetches = () => site.hits.filter((x) => x.url === '/install').length;

async function ask(question: string) {
  const runId = await h.startRun(graphId, { input: question });
  const { run, events } = await h.waitForStatus(runId, ['succeeded', 'failed'], 30_000);
  expect(run.error).toBeNull();
  expect(run.status).toBe('succeeded');
  return { output: String(run.output), events, results: ofType(events, 'tool.result') };
}

describe('docs-qa example (seed 001 demo)', () => {
  it('answers from the documentation pages, says so with the URL, and reads the page from the cache the second time', async () => {
    const first = await ask('How do I install Switchyard?');
    expect(first.output).toContain('Switchyard needs Node.js 22 or later'); // from the page, not the snippet
    expect(first.output).toContain(`Source: the documentation (${site.origin}/install)`);
    expect(first.results.map((e) => e.data.tool)).toEqual(['docs']); // no web search needed
    const docs = first.results[0].data;
    expect(docs).toMatchObject({ mode: 'documents', dropped_off_domain: ['https://forum.example.net/install'], pages: [{ url: `${site.origin}/install`, cache: 'miss' }] });
    expect(docs.sampling).toMatchObject({ top_p: 0.9, scorer: 'bm25' });
    expect(String(docs.output)).not.toMatch(/NAVIGATION-LINKS|TRACKING-SCRIPT|SITE-FOOTER/);
    expect(pageFetches()).toBe(1);

    const second = await ask('How do I install Switchyard?');
    expect(pageFetches()).toBe(1); // nothing fetched
    expect(second.results[0].data).toMatchObject({ cache_hits: 1, pages: [{ cache: 'hit' }] });
    expect(second.output).toBe(first.output);
  });

  it('falls back to web search; self-reflection rephrases the query that found nothing; the answer names web search', async () => {
    const { output, events, results } = await ask('What is the weather on Mars?');
    expect(results.map((e) => e.data.tool)).toEqual(['docs', 'web']);
    expect(results[0].data.output).toBe('[]');
    const web = results[1].data;
    expect(web.reflection).toMatchObject({ aligned: true, reruns: 1, attempts: [{ input: { query: 'What is the weather on Mars?' }, aligned: false }, { input: { query: 'What is the weather on Mars? guide' }, aligned: true }] });
    const webSpan = ofType(events, 'tool.call').find((e) => e.data.tool === 'web')!.span_id;
    const judgements = ofType(events, 'llm.request').filter((e) => e.data.purpose === 'reflection');
    expect(judgements).toHaveLength(2);
    for (const j of judgements) expect(j.parent_span_id).toBe(webSpan);
    expect(output).toContain('The documentation does not cover this.');
    expect(output).toContain('Source: web search (https://weather.example.org/mars)');
  });
});
