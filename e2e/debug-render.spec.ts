/**
 * The debug panel's rendering, against a production build, with the run API answered from
 * recorded traces (e2e/debug-mock-api.ts): text-not-HTML, details, filters, folding, the pause
 * card's resume bodies, breakpoints sent with a run, trace download. The real-engine flows are
 * in debug-runs.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { mockRunApi, type MockRun } from './debug-mock-api';
import { mrklRun, FINAL } from '../lib/testing/trace-fixtures/mrkl-run';
import { loopRun } from '../lib/testing/trace-fixtures/loop-run';
import { hostileRun, HOSTILE } from '../lib/testing/trace-fixtures/hostile-run';
import type { RunStatus, TraceEvent } from '../lib/contracts/trace';

function runOf(id: string, events: TraceEvent[], status: RunStatus): MockRun {
  return { run: { id, graph_id: 'g1', status, input: String(events[0].data.input ?? ''), created_at: events[0].ts, finished_at: events.at(-1)!.ts }, events };
}

const GRAPH = { id: 'g1', name: 'demo', nodes: { agent: { role: 'agent' }, writer: { role: 'agent' }, reviewer: { role: 'agent' }, approve: { role: 'human' } } };

async function open(page: Page, runs: MockRun[], id: string) {
  const calls = await mockRunApi(page, { graph: GRAPH, runs });
  await page.goto(`/runs/${id}`);
  await expect(page.getByTestId('debug-panel')).toBeVisible();
  return calls;
}

test('model output, tool results and prompts holding HTML, script or markdown are shown as text', async ({ page }) => {
  await page.addInitScript(() => ((window as unknown as { __xss?: number }).__xss = undefined));
  await open(page, [runOf('run_hostile', hostileRun(), 'succeeded')], 'run_hostile');
  await expect(page.getByTestId('run-status')).toHaveText('succeeded');
  await expect(page.getByTestId('row-text').first()).toContainText(HOSTILE.img);
  await page.getByTestId('timeline-row').filter({ hasText: 'model call' }).click();
  await expect(page.getByTestId('llm-messages')).toContainText(HOSTILE.script);
  await expect(page.getByTestId('llm-output')).toContainText(HOSTILE.markdown);
  await expect(page.getByTestId('react-parsed')).toContainText(HOSTILE.img);
  await page.getByTestId('timeline-row').filter({ hasText: 'tool · Search' }).click();
  await expect(page.getByTestId('tool-args')).toContainText('"q": "<img src=x onerror=');
  await expect(page.getByTestId('tool-result')).toContainText(HOSTILE.script);
  await page.getByTestId('timeline-row').filter({ hasText: 'run · hostile' }).click();
  await expect(page.getByTestId('run-output')).toContainText(HOSTILE.img);
  const panel = page.getByTestId('debug-panel');
  await expect(panel.locator('img')).toHaveCount(0);
  await expect(panel.locator('script')).toHaveCount(0);
  await expect(panel.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(panel.locator('strong', { hasText: 'bold' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await page.screenshot({ path: 'test-results/screens/debug-hostile-text.png' });
});

test('a long tool result is folded behind "show all" and fully shown on demand', async ({ page }) => {
  await open(page, [runOf('run_hostile', hostileRun(), 'succeeded')], 'run_hostile');
  await page.getByTestId('timeline-row').filter({ hasText: 'tool · Search' }).click();
  const result = page.getByTestId('tool-result');
  await expect(result).not.toContainText('line 400:');
  await expect(page.getByTestId('fact-truncated-for-the-model')).toContainText('10,485,760');
  await page.getByTestId('show-all').click();
  await expect(result).toContainText('line 400:');
});

test('the MRKL trace nests model and tool calls under the agent with its react steps and exact prompt', async ({ page }) => {
  await open(page, [runOf('run_mrkl', mrklRun(), 'succeeded')], 'run_mrkl');
  const rows = page.getByTestId('timeline-row');
  await expect(rows.filter({ hasText: 'model call' })).toHaveCount(4);
  await expect(rows.filter({ hasText: 'tool ·' })).toHaveCount(3);
  await expect(page.getByTestId('row-text').last()).toContainText(FINAL);
  await rows.filter({ hasText: 'model call' }).nth(1).click();
  const parsed = page.getByTestId('react-parsed');
  await expect(parsed).toContainText("Jason Sudeikis' age");
  await expect(parsed).toContainText('Observation');
  await expect(parsed).toContainText('47 years');
  const messages = page.getByTestId('llm-message');
  await expect(messages.first()).toContainText('Answer the following questions');
  await expect(messages.nth(1)).toContainText('Observation: Jason Sudeikis');
  await expect(page.getByTestId('fact-stop')).toHaveText('["Observation:"]');
  await expect(page.getByTestId('connection')).toContainText('127.0.0.1:3901');
  await expect(page.getByTestId('connection')).toContainText('mock');
  await page.screenshot({ path: 'test-results/screens/debug-mrkl-details.png' });
});

test('filters by event type and by node keep the enclosing spans', async ({ page }) => {
  await open(page, [runOf('run_loop', loopRun(), 'paused')], 'run_loop');
  const rows = page.getByTestId('timeline-row');
  await page.getByTestId('filter-type-edge').click();
  await expect(rows.filter({ hasText: 'reviewer → writer when state.verdict == "revise"' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'model call' })).toHaveCount(0);
  await page.getByTestId('filter-type-edge').click();
  await page.getByTestId('filter-node').filter({ hasText: 'reviewer' }).click();
  await expect(rows.locator('[data-testid="row-label"]', { hasText: /^writer$/ })).toHaveCount(0);
  await expect(rows.filter({ has: page.locator('[data-testid="row-label"]', { hasText: /^reviewer$/ }) })).toHaveCount(2);
});

test('a branch step shows its condition, value and target; a node shows its state diff', async ({ page }) => {
  await open(page, [runOf('run_loop', loopRun(), 'paused')], 'run_loop');
  await page.getByTestId('timeline-row').filter({ hasText: 'reviewer → writer' }).click();
  await expect(page.getByTestId('fact-condition')).toHaveText('state.verdict == "revise"');
  await expect(page.getByTestId('fact-value')).toHaveText('true');
  await expect(page.getByTestId('fact-to')).toHaveText('writer');
  await page.getByTestId('timeline-row').filter({ has: page.locator('[data-testid="row-label"]', { hasText: /^reviewer$/ }) }).last().click();
  await expect(page.getByTestId('state-diff')).toContainText('verdict');
  await expect(page.getByTestId('state-diff')).toContainText('ok');
});

test('human pause: approve, reject with a reason and edit-then-continue send the resume values', async ({ page }) => {
  const calls = await open(page, [runOf('run_loop', loopRun(), 'paused')], 'run_loop');
  const card = page.getByTestId('pause-card');
  await expect(card).toContainText('Publish this haiku?');
  await expect(page.getByTestId('pause-value')).toContainText('draft 2');
  await page.screenshot({ path: 'test-results/screens/debug-human-pause.png' });
  await page.getByTestId('reject').click();
  await page.getByTestId('reject-reason').fill('too long');
  await page.getByTestId('confirm-reject').click();
  await expect.poll(() => calls.posts.at(-1)).toEqual({ path: '/api/runs/run_loop/resume', body: { value: { action: 'reject', reason: 'too long' } } });
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByTestId('edit').click();
  await page.getByTestId('edit-value').fill('{"draft": "draft 3"}');
  await page.getByTestId('confirm-edit').click();
  await expect.poll(() => calls.posts.at(-1)?.body).toEqual({ value: { action: 'edit', value: { draft: 'draft 3' } } });
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByTestId('approve').click();
  await expect.poll(() => calls.posts.at(-1)?.body).toEqual({ value: { action: 'approve' } });
});

test('breakpoints chosen in the panel are sent with the run; bad JSON input is refused', async ({ page }) => {
  const calls = await open(page, [runOf('run_mrkl', mrklRun(), 'succeeded')], 'run_mrkl');
  await page.getByTestId('tab-breakpoints').click();
  await page.getByTestId('add-breakpoint').selectOption('writer');
  await expect(page.getByTestId('breakpoint')).toHaveText(/writer/);
  await page.getByTestId('run-input').fill('{"topic": ');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-error')).toContainText('not valid JSON');
  await page.getByTestId('run-input').fill('{"topic": "rails"}');
  await page.getByTestId('run-button').click();
  await expect.poll(() => calls.posts.find((p) => p.path === '/api/graphs/g1/runs')?.body).toEqual({ input: '{"topic": "rails"}', inputs: { topic: 'rails' }, breakpoints: ['writer'] });
});

test('download trace gives the events array in the stream envelope', async ({ page }) => {
  const events = mrklRun();
  await open(page, [runOf('run_mrkl', events, 'succeeded')], 'run_mrkl');
  await expect(page.getByTestId('run-status')).toHaveText('succeeded');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-trace').click()]);
  expect(download.suggestedFilename()).toBe('trace-run_mrkl.json');
  const saved = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(saved).toEqual(events);
});

test('an unknown run says so; a run the server cannot load shows the error', async ({ page }) => {
  await mockRunApi(page, { graph: GRAPH, runs: [] });
  await page.goto('/runs/nope');
  await expect(page.getByTestId('run-not-found')).toContainText('No such run');
  await expect(page.getByTestId('run-not-found')).toContainText('nope');
  await page.route('**/api/runs/broken', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'internal server error' } }) }),
  );
  await page.goto('/runs/broken');
  await expect(page.getByTestId('run-page-error')).toContainText('Could not open run broken');
});

test('a run cut off by a server restart is shown as interrupted and can be resumed from the history', async ({ page }) => {
  const calls = await open(page, [runOf('run_cut', mrklRun('run_cut').slice(0, 10), 'interrupted')], 'run_cut');
  await expect(page.getByTestId('run-status')).toHaveText('interrupted');
  await page.getByTestId('resume-interrupted').click();
  await expect.poll(() => calls.posts.at(-1)).toEqual({ path: '/api/runs/run_cut/resume', body: { value: { action: 'continue' } } });
});

test('"Copy as JSON" puts the exact messages sent on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const events = mrklRun();
  await open(page, [runOf('run_mrkl', events, 'succeeded')], 'run_mrkl');
  await page.getByTestId('timeline-row').filter({ hasText: 'model call' }).first().click();
  await page.getByTestId('step-details').getByTestId('copy-json').nth(1).click();
  await expect(page.getByTestId('step-details').getByTestId('copy-json').nth(1)).toHaveText('Copied');
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied).toEqual(events.find((e) => e.type === 'llm.request')!.data.messages);
});

test('dark theme: the trace stays legible', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('switchyard:theme', 'dark'));
  await open(page, [runOf('run_loop', loopRun(), 'paused')], 'run_loop');
  await page.getByTestId('timeline-row').filter({ hasText: 'reviewer → writer' }).click();
  await page.screenshot({ path: 'test-results/screens/debug-dark.png' });
  const bg = await page.getByTestId('debug-panel').evaluate((el) => getComputedStyle(el).backgroundColor);
  const fg = await page.getByTestId('debug-panel').evaluate((el) => getComputedStyle(el).color);
  // Light text on a dark panel.
  const lum = (c: string) => (c.match(/\d+/g) ?? []).slice(0, 3).map(Number).reduce((a, b) => a + b, 0);
  expect(lum(bg)).toBeLessThan(200);
  expect(lum(fg)).toBeGreaterThan(500);
});
