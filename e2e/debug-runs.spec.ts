/**
 * The debug panel against the real run API and engine (production build, mock OpenAI server,
 * fresh DB seeded with examples/*.yaml): issue 5's "Done when" on the shareable run page
 * /runs/[id]. Selectors are data-testid only; no sleeps.
 */
import { expect, test } from '@playwright/test';
import { GraphsApi } from './pages/graphs-api';
import { RunPanel } from './pages/run-panel';

const MOCK = `http://127.0.0.1:${Number(process.env.E2E_MOCK_PORT ?? 3901)}`;
const QUESTION = "Who is Olivia Wilde's boyfriend? What is his current age raised to the 0.23 power?";
const FINAL = "Jason Sudeikis, Olivia Wilde's boyfriend, is 47 years old and his age raised to the 0.23 power is 2.4242784855673896.";

/**
 * The MRKL example with its Search tool pointed at the mock server's search route (the example's
 * public URL is unreachable here; the mock answers the walk-through's two searches).
 */
async function mrklGraph(api: GraphsApi): Promise<string> {
  const name = 'mrkl-agent-debug-e2e';
  const existing = (await api.list()).find((g) => g.name === name);
  if (existing) return existing.id;
  const doc = structuredClone(await api.document(await api.graphId('mrkl-agent')));
  doc.name = name;
  doc.tools.search.url = `${MOCK}/search?q={query}&format=json`;
  return api.create(doc);
}

test.afterEach(async ({ request }) => {
  await request.post(`${MOCK}/__mock/reset`);
});

test('MRKL: the four Thought/Action steps and the final answer stream in order while the run goes on', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const run = new RunPanel(page);
  const graph = await mrklGraph(api);
  const first = await api.startRun(graph, { input: QUESTION });
  await run.open(first);
  await expect(run.status).toHaveText('succeeded');

  // Slow down only the last model turn, so the first steps are on screen before it arrives.
  const script = await request.post(`${MOCK}/__mock/script`, {
    data: {
      mode: 'prepend',
      rules: [
        {
          name: 'slow-final-answer',
          match: { anyMessageContains: ['Olivia Wilde', '2.4242784855673896'] },
          reply: { content: `I now know the final answer\nFinal Answer: ${FINAL}`, chunkSize: 6, delayMs: 150 },
          times: 1,
        },
      ],
    },
  });
  expect(script.ok()).toBe(true);
  await page.getByTestId('run-input').fill(QUESTION);
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-link')).not.toHaveText(first);
  const model = run.rowsOf('llm');
  // The first step is visible while the run is still running (the final answer has not arrived).
  await expect(model.first().getByTestId('row-text')).toContainText('Action Input:');
  await expect(run.status).toHaveText('running');
  await expect(page.getByTestId('row-text').filter({ hasText: 'Final Answer' })).toHaveCount(0);
  await expect(model.nth(3).getByTestId('row-text')).toContainText('Final Answer', { timeout: 20_000 });
  await expect(run.status).toHaveText('succeeded');
  await expect(model).toHaveCount(4);
  const texts = await model.getByTestId('row-text').allTextContents();
  expect(texts[0]).toMatch(/Action:\s*\S*search/i);
  expect(texts[1]).toMatch(/Action Input:.*Sudeikis/i);
  expect(texts[2]).toMatch(/47\^0\.23/);
  expect(texts[3]).toContain('2.4242784855673896');
  await page.screenshot({ path: 'test-results/screens/debug-mrkl-run.png' });

  // Open a model step: its exact prompt and the parsed react step.
  await model.nth(2).click();
  await expect(page.getByTestId('llm-message').first()).toContainText('Answer the following questions');
  await expect(page.getByTestId('llm-messages')).toContainText('47 years');
  await expect(page.getByTestId('react-parsed')).toContainText('47^0.23');
  await page.screenshot({ path: 'test-results/screens/debug-model-step.png' });
});

test('writer/reviewer: the branch taken each time is in the trace', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const run = new RunPanel(page);
  const graph = await api.graphId('writer-reviewer');
  const runId = await api.startRun(graph, { input: 'Write two sentences about rail yards.' });
  await run.open(runId);
  await expect(run.status).toHaveText('succeeded', { timeout: 30_000 });
  await page.getByTestId('filter-type-edge').click();
  const edges = run.rowsOf('edge');
  // Every round's verdict is visible: one edge per reviewer run, back to the writer until the last.
  const reviewerRows = run.rowsOf('node', 'reviewer');
  await expect.poll(() => reviewerRows.count()).toBeGreaterThanOrEqual(2);
  const reviews = await reviewerRows.count();
  await expect(edges.filter({ hasText: 'reviewer → writer' })).toHaveCount(reviews - 1);
  await expect(edges.filter({ hasText: 'reviewer → END' })).toHaveCount(1);
  await edges.filter({ hasText: 'reviewer → writer' }).first().click();
  await expect(page.getByTestId('fact-condition')).toContainText('state.verdict.lowerAscii().startsWith("revise")');
  await expect(page.getByTestId('fact-to')).toHaveText('writer');
  await page.screenshot({ path: 'test-results/screens/debug-branches.png' });
});

test('human in the loop: the run pauses at the approval node and approve finishes it', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const run = new RunPanel(page);
  const graph = await api.graphId('supervisor-team');
  const runId = await api.startRun(graph, { input: 'Write a short report on rail yard safety.' });
  await run.open(runId);
  const card = page.getByTestId('pause-card');
  await expect(card).toHaveAttribute('data-kind', 'human', { timeout: 30_000 });
  await expect(run.status).toHaveText('paused');
  await expect(page.getByTestId('pause-prompt')).toContainText('Publish this report?');
  await page.screenshot({ path: 'test-results/screens/debug-human-approval.png' });
  await page.getByTestId('approve').click();
  await expect(run.status).toHaveText('succeeded', { timeout: 30_000 });
  await expect(card).toHaveCount(0);
});

test('breakpoint: the run pauses before the node, steps one node, then continues to the end', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const run = new RunPanel(page);
  const graph = await api.graphId('writer-reviewer');
  const seed = await api.startRun(graph, { input: 'hello' });
  await run.open(seed);
  await page.getByTestId('tab-breakpoints').click();
  await page.getByTestId('add-breakpoint').selectOption('reviewer');
  await expect(page.getByTestId('breakpoint')).toHaveCount(1);
  await page.getByTestId('run-input').fill('Write one line about signals.');
  await page.getByTestId('run-button').click();
  const card = page.getByTestId('pause-card');
  await expect(card).toHaveAttribute('data-kind', 'breakpoint', { timeout: 30_000 });
  await expect(card).toContainText('reviewer');
  // The state is folded under Continue / Step; it opens on demand.
  await expect(page.getByTestId('pause-state')).toBeHidden();
  await page.getByTestId('pause-state-details').locator('summary').click();
  await expect(page.getByTestId('pause-state')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/debug-breakpoint.png' });
  const pauses = run.rowsOf('interrupt');
  await expect(pauses).toHaveCount(1);
  // Step: the reviewer runs (revise) and the run pauses again before the next node, the writer.
  await page.getByTestId('step').click();
  await expect(pauses).toHaveCount(2, { timeout: 30_000 });
  await expect(card).toContainText('writer');
  await expect(run.rowsOf('edge').filter({ hasText: 'reviewer → writer' })).toHaveCount(1);
  // Continue: the writer runs, then the breakpoint before the reviewer is hit again.
  await page.getByTestId('continue').click();
  await expect(pauses).toHaveCount(3, { timeout: 30_000 });
  await expect(card).toContainText('reviewer');
  // The mock reviewer says "revise" to drafts 1 and 2 and "approve" to draft 3: one more round
  // (reviewer -> writer) stops before the reviewer again, then the run ends.
  await page.getByTestId('continue').click();
  await expect(pauses).toHaveCount(4, { timeout: 30_000 });
  await expect(card).toContainText('reviewer');
  await page.getByTestId('continue').click();
  await expect(run.status).toHaveText('succeeded', { timeout: 30_000 });
  await expect(card).toHaveCount(0);
});

test('cancel a running run and see it marked cancelled', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const run = new RunPanel(page);
  const graph = await api.graphId('writer-reviewer');
  const seed = await api.startRun(graph, { input: 'hello' });
  await run.open(seed);
  await page.getByTestId('run-input').fill('[[slow]] a long story');
  await page.getByTestId('run-button').click();
  await expect(run.status).toHaveText('running');
  await expect(page.getByTestId('row-text').first()).toContainText('tick');
  await page.getByTestId('stop-button').click();
  await expect(run.status).toHaveText('cancelled');
  await page.getByTestId('tab-history').click();
  await expect(page.getByTestId('history-row').first()).toHaveAttribute('data-status', 'cancelled');
});

test('reload the page and replay the last run from history, including runs started through the API', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const run = new RunPanel(page);
  const graph = await mrklGraph(api);
  const older = await api.startRun(graph, { input: QUESTION });
  const last = await api.startRun(graph, { input: QUESTION });
  await run.open(older);
  await expect(run.status).toHaveText('succeeded');
  await page.reload();
  // The run opened from the URL prefills the input box, so "run again" needs no retyping...
  await expect(page.getByTestId('run-input')).toHaveValue(QUESTION);
  // ...but what the user typed there is never overwritten by opening another run.
  await page.getByTestId('run-input').fill('A question of my own.');
  await page.getByTestId('tab-history').click();
  const history = page.getByTestId('history-row');
  // Newest first: the run started last through the API heads the list.
  await expect(history.first()).toHaveAttribute('data-run-id', last, { timeout: 20_000 });
  await expect(page.locator(`[data-testid="history-row"][data-run-id="${last}"]`)).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });
  await page.locator(`[data-testid="history-row"][data-run-id="${last}"]`).click();
  await expect(page.getByTestId('run-link')).toHaveText(last);
  await expect(page.getByTestId('run-input')).toHaveValue('A question of my own.');
  await expect(run.rowsOf('llm')).toHaveCount(4);
  await expect(page.getByTestId('row-text').last()).toContainText('2.4242784855673896');
  await page.screenshot({ path: 'test-results/screens/debug-history-replay.png' });
});
