/**
 * The Knowledge page against a production build and the mock OpenAI server (its /embeddings, through
 * the env `default` connection): create a base with an embedding model in the UI, drop two files on
 * it, watch both become ready, try a query and see the expected passage first with its score; then a
 * graph with a `knowledge` tool on that base runs and its trace holds the hits. Screenshots at
 * 1280x720 and 1440x900 in screens/ (not committed).
 */
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const SCREENS = 'screens';
const MOCK_ORIGIN = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 3901}`;
const BASE = 'e2e-handbook';

test.beforeAll(() => mkdirSync(SCREENS, { recursive: true }));
test.afterAll(async ({ request }) => {
  expect([204, 404]).toContain((await request.delete(`/api/knowledge-bases/${BASE}`)).status());
});

const REFUNDS = '# Refunds\n\nRefunds are paid back to the original card within five business days.\n\n# Store credit\n\nStore credit never expires.\n';
const SHIPPING = '<!doctype html><html><head><title>Shipping</title></head><body><article><h1>Shipping</h1><p>Parcels to Norway travel by sea freight and arrive in about two weeks.</p></article></body></html>';

test('create a base, drop two files, watch them become ready, try a query, use it from an agent', async ({ page, request }) => {
  await request.delete(`/api/knowledge-bases/${BASE}`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await page.getByTestId('app-header').getByRole('link', { name: 'Knowledge' }).click();
  await expect(page.getByTestId('knowledge-page')).toBeVisible();

  await page.getByTestId('knowledge-new-name').fill(BASE);
  await page.getByLabel('Embedding connection').fill('default');
  await page.getByLabel('Embedding model').fill('mock-embed');
  await page.getByTestId('knowledge-create').click();
  await expect(page.locator(`[data-testid="knowledge-base"][data-name="${BASE}"]`)).toHaveAttribute('aria-current', 'true');

  // Dropped as a browser drops files: a DataTransfer on the drop zone.
  const drop = await page.evaluateHandle(
    ([refunds, shipping]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([refunds], 'refunds.md', { type: 'text/markdown' }));
      dt.items.add(new File([shipping], 'shipping.html', { type: 'text/html' }));
      return dt;
    },
    [REFUNDS, SHIPPING],
  );
  await page.getByTestId('knowledge-drop').dispatchEvent('drop', { dataTransfer: drop });
  for (const name of ['refunds.md', 'shipping.html']) {
    await expect(page.locator(`[data-testid="knowledge-document"][data-name="${name}"]`)).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  }
  await expect(page.getByTestId('knowledge-uploads')).toHaveCount(0);

  await page.getByTestId('knowledge-query-input').fill('How long until my refund reaches the card?');
  await page.getByTestId('knowledge-query-run').click();
  const first = page.getByTestId('knowledge-hit').first();
  await expect(first).toContainText('refunds.md › Refunds');
  await expect(first).toContainText('Refunds are paid back to the original card');
  await expect(first).toContainText(/score \d/);
  await page.screenshot({ path: `${SCREENS}/knowledge-1280x720.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SCREENS}/knowledge-1440x900.png`, fullPage: true });

  // An agent with a knowledge tool on the base: the mock model calls it, then answers.
  const script = await request.post(`${MOCK_ORIGIN}/__mock/script`, {
    data: {
      mode: 'prepend',
      rules: [
        { name: 'kb-answer', match: { hasToolResultFor: 'faq', anyMessageContains: 'refunds.md' }, reply: { content: 'Five business days (source: refunds.md › Refunds).' } },
        { name: 'kb-search', match: { offersTool: 'faq' }, reply: { tool_calls: [{ name: 'faq', arguments: { query: 'refund card days' } }] } },
      ],
    },
  });
  expect(script.ok()).toBe(true);
  const yaml = `switchyard: 1\nname: e2e-knowledge-agent\nmodels: { default: { connection: default, model: mock-model } }\ntools:\n  faq: { type: knowledge, knowledge_base: ${BASE}, top_k: 3 }\nnodes:\n  agent: { role: agent, strategy: tool_calling, tools: [faq] }\nedges:\n  - { from: START, to: agent }\n  - { from: agent, to: END }\n`;
  const graph = await request.post('/api/graphs/import?overwrite=true', { headers: { 'content-type': 'application/yaml' }, data: yaml });
  expect(graph.ok(), await graph.text()).toBe(true);
  const run = await request.post(`/api/graphs/${(await graph.json()).id}/runs`, { data: { input: 'How fast are refunds?' } });
  const runId = (await run.json()).run_id as string;
  await expect
    .poll(async () => (await (await request.get(`/api/runs/${runId}`)).json()).run.status, { timeout: 30_000 })
    .toBe('succeeded');
  const detail = await (await request.get(`/api/runs/${runId}`)).json();
  const result = detail.events.find((e: { type: string }) => e.type === 'tool.result').data;
  expect(result.hits[0]).toMatchObject({ document: { name: 'refunds.md' }, section: 'Refunds' });
  expect(detail.run.output).toContain('refunds.md');
  await request.post(`${MOCK_ORIGIN}/__mock/reset`);
});
