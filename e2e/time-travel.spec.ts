/**
 * Time travel in the UI (issue 13): pick a step of a finished run, see the state at that step,
 * fork from it with an edited state (a bad edit is refused naming its path) and watch the fork take
 * the other branch; the history shows the fork under its parent; tick both and compare them.
 * Production build, mock OpenAI server, fresh DB. Selectors are data-testid only; no sleeps.
 */
import { expect, test } from '@playwright/test';
import { GraphsApi } from './pages/graphs-api';
import { RunPanel } from './pages/run-panel';
import { triageGraph } from '../lib/runtime/testing/graphs';

const MOCK = `http://127.0.0.1:${Number(process.env.E2E_MOCK_PORT ?? 3901)}`;

test.beforeEach(async ({ request }) => {
  const res = await request.post(`${MOCK}/__mock/script`, {
    data: {
      mode: 'prepend',
      rules: [
        { name: 'tt-intake', match: { systemContains: 'Restate the request' }, reply: { content: 'The customer asks about shipping.' } },
        { name: 'tt-classify', match: { systemContains: 'Classify the request' }, reply: { content: 'question' } },
        { name: 'tt-draft', match: { systemContains: 'Draft a reply' }, reply: { content: 'Dear customer,' } },
        { name: 'tt-refund', match: { systemContains: 'Process the refund' }, reply: { content: 'Refund issued.' } },
        { name: 'tt-answer', match: { systemContains: 'Answer the question' }, reply: { content: 'It ships tomorrow.' } },
      ],
    },
  });
  expect(res.ok()).toBe(true);
});

test.afterEach(async ({ request }) => {
  await request.post(`${MOCK}/__mock/reset`);
});

test('fork from a step with an edited state, then compare the fork with its parent', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const run = new RunPanel(page);
  const graph = await api.create(triageGraph(`triage-time-travel-${Date.now()}`));
  const parent = await api.startRun(graph, { input: 'When does my order ship?' });
  await run.open(parent);
  await expect(run.status).toHaveText('succeeded');
  await expect(run.rowsOf('node', 'answer')).toHaveCount(1);

  // Picking classify's row (step 2) shows the state after step 2.
  await run.rowsOf('node', 'classify').click();
  const atStep = page.getByTestId('state-at-step');
  await expect(atStep).toHaveAttribute('data-step', '2');
  await expect(page.getByTestId('checkpoint-state')).toContainText('"route": "question"');

  // Fork from here: a state that does not fit the channel is refused, naming its path.
  await page.getByTestId('fork-from-here').click();
  const editor = page.getByTestId('fork-state');
  const original = await editor.inputValue();
  await editor.fill(original.replace('"route": "question"', '"route": 5'));
  await page.getByTestId('fork-submit').click();
  await expect(page.getByTestId('fork-error')).toContainText('state.route');
  await editor.fill(original.replace('"route": "question"', '"route": "refund"'));
  await page.getByTestId('fork-submit').click();

  // The panel switches to the fork, which takes the refund branch.
  await expect(page.getByTestId('run-link')).not.toHaveText(parent);
  await expect(run.status).toHaveText('succeeded');
  await expect(run.rowsOf('node', 'refund')).toHaveCount(1);
  await expect(run.rowsOf('node', 'answer')).toHaveCount(0);
  const fork = (await page.getByTestId('run-link').textContent())!.trim();

  // The history shows the fork under its parent.
  await page.getByTestId('tab-history').click();
  const forkRow = page.locator(`[data-testid="history-row"][data-run-id="${fork}"]`);
  await expect(forkRow).toHaveAttribute('data-parent-run-id', parent);
  await expect(forkRow.getByTestId('run-lineage')).toContainText('@ step 2');

  // Tick both and compare.
  await page.locator(`[data-testid="history-row"][data-run-id="${parent}"]`).getByTestId('compare-pick').check();
  await forkRow.getByTestId('compare-pick').check();
  await page.getByTestId('compare-runs').click();
  await expect(page).toHaveURL(/\/runs\/compare\?a=.+&b=.+/);
  await expect(page.getByTestId('run-compare')).toBeVisible();
  await expect(page.locator('[data-testid="compare-row"][data-node="draft"]')).toHaveAttribute('data-branch-differs', 'true');
  await expect(page.locator('[data-testid="compare-row"][data-node="refund"]')).toHaveAttribute('data-kind', /only_/);
  await expect(page.getByTestId('compare-tokens')).toBeVisible();
});

test('the compare page of an unknown run says so', async ({ page }) => {
  await page.goto('/runs/compare?a=no-such-run&b=another');
  await expect(page.getByTestId('compare-error')).toContainText('not found');
});
