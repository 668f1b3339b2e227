/**
 * Cost on a finished run (issue 13): a connection with its own prices (the mock server, priced like
 * a hosted one), a two-agent graph on it; the run page shows the run's cost in its header and the
 * panel's, each model call and node row its own, and the run history a Cost column.
 * Production build, mock OpenAI server, fresh DB. Selectors are data-testid only; no sleeps.
 */
import { expect, test } from '@playwright/test';
import { GraphsApi } from './pages/graphs-api';
import { RunPanel } from './pages/run-panel';

const MOCK = `http://127.0.0.1:${Number(process.env.E2E_MOCK_PORT ?? 3901)}`;
const CONNECTION = 'priced-e2e';

test.beforeEach(async ({ request }) => {
  const script = await request.post(`${MOCK}/__mock/script`, {
    data: { mode: 'prepend', rules: [{ name: 'cost-any', match: { systemContains: 'Cost e2e' }, reply: { content: 'Done.', usage: { prompt_tokens: 400, completion_tokens: 200 } } }] },
  });
  expect(script.ok()).toBe(true);
  // $1 in / $2 out per 1M tokens: 400 + 200 tokens = $0.0008 a call.
  const conn = await request.post('/api/connections', { data: { name: CONNECTION, base_url: `${MOCK}/v1`, prices: { 'gpt-4o': { input: 1, output: 2 } } } });
  expect([201, 409]).toContain(conn.status());
});

test.afterEach(async ({ request }) => {
  await request.post(`${MOCK}/__mock/reset`);
});

test('a finished run shows its cost: run header, model-call and node rows, history', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const agent = { role: 'agent', strategy: 'tool_calling', system_prompt: 'Cost e2e: answer.' };
  const id = await api.create({
    switchyard: 1,
    name: `cost-${Date.now()}`,
    models: { default: { connection: CONNECTION, model: 'gpt-4o' } },
    nodes: { a: agent, b: agent },
    edges: [{ from: 'START', to: 'a' }, { from: 'a', to: 'b' }, { from: 'b', to: 'END' }],
  });
  const runId = await api.startRun(id, { input: 'go' });

  const run = new RunPanel(page);
  await run.open(runId);
  await expect(run.status).toHaveText('succeeded', { timeout: 30_000 });
  await expect(page.getByTestId('run-page-cost')).toHaveText('cost $0.0016');
  await expect(page.getByTestId('run-cost')).toHaveText('$0.0016');
  await expect(run.rowsOf('node', 'a').getByTestId('row-cost')).toHaveText('$0.0008');
  await expect(run.rowsOf('llm').first().getByTestId('row-cost')).toHaveText('$0.0008');

  await page.getByTestId('tab-history').click();
  const row = page.locator(`[data-testid="history-row"][data-run-id="${runId}"]`);
  await expect(row.getByTestId('history-cost')).toHaveText('$0.0016');
});
