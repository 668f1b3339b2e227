/**
 * Never lose an edit (issue 12 item 3): an edit with errors is saved as the working draft; it
 * survives a reload, another tab opens it too, the header says runs use the last valid version, and
 * a run started meanwhile runs that version.
 */
import { expect, test } from '@playwright/test';
import { GraphsApi } from './pages/graphs-api';
import { EditorPage } from './pages/editor-page';

test('an invalid edit survives a reload and another tab sees the draft while runs use the last valid version', async ({ page, context, request }) => {
  const api = new GraphsApi(request);
  const created = await request.post('/api/graphs', { data: { template: 'writer-reviewer', name: `drafts-e2e-${Date.now()}` } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, version } = (await created.json()) as { id: string; version: number };
  const ed = new EditorPage(page);
  await ed.open(id);

  // An error: the graph's name cannot be empty.
  await page.getByTestId('graph-name').fill('');
  await expect(ed.saveState).toHaveAttribute('data-state', 'draft', { timeout: 15_000 });
  await expect(ed.saveState).toContainText(`runs use version ${version}`);
  // The header's widest state still fits at 1280 px: its last button is on screen.
  await page.setViewportSize({ width: 1280, height: 720 });
  const lastRight = await page.getByTestId('theme-toggle').evaluate((el) => el.getBoundingClientRect().right);
  expect(lastRight).toBeLessThanOrEqual(1280);

  // An edit undone before autosave leaves what the server holds, the draft: the badge says so still.
  await page.getByTestId('graph-name').fill('x');
  await page.getByTestId('graph-name').fill('');
  await expect(ed.saveState).toHaveAttribute('data-state', 'pending');
  await expect(ed.saveState).toHaveAttribute('data-state', 'draft');

  await page.reload();
  await expect(ed.node('START')).toBeVisible();
  await expect(page.getByTestId('graph-name')).toHaveValue('');
  await expect(ed.saveState).toHaveAttribute('data-state', 'draft');

  const other = new EditorPage(await context.newPage());
  await other.open(id);
  await expect(other.page.getByTestId('graph-name')).toHaveValue('');
  await expect(other.saveState).toContainText(`runs use version ${version}`);

  // Runs and the API use the last valid version.
  const saved = (await (await request.get(`/api/graphs/${id}`)).json()) as { version: number; draft: { problems: unknown[] } | null; document: { name: string } };
  expect(saved.version).toBe(version);
  expect(saved.draft?.problems.length).toBeGreaterThan(0);
  expect(saved.document.name).toMatch(/^drafts-e2e-/);
  const runId = await api.startRun(id, { input: 'Write a haiku about trains.' });
  expect(runId).toBeTruthy();

  // Fixed: the draft becomes a version.
  await page.getByTestId('graph-name').fill(`drafts-fixed-${Date.now()}`);
  await ed.expectSaved();
  const after = (await (await request.get(`/api/graphs/${id}`)).json()) as { version: number; draft: unknown };
  expect(after.draft).toBeNull();
  expect(after.version).toBe(version + 1);
});

test('a save the server is too busy for (429) is retried after Retry-After, not shown as an error, and lands', async ({ page, request }) => {
  const created = await request.post('/api/graphs', { data: { template: 'writer-reviewer', name: `busy-save-e2e-${Date.now()}` } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const ed = new EditorPage(page);
  await ed.open(id);
  await ed.showSidePanels();
  // The first autosave meets a server whose import slots are all taken (the answer a busy server gives).
  let refused = 0;
  await page.route(`**/api/graphs/${id}`, async (route) => {
    if (route.request().method() !== 'PUT' || refused > 0) return route.fallback();
    refused++;
    const message = 'too many large graph saves at once: 2 may run at a time (SWITCHYARD_MAX_CONCURRENT_IMPORTS); try again in 1 s';
    await route.fulfill({ status: 429, headers: { 'retry-after': '1' }, json: { error: { code: 'rate_limited', message, details: { retry_after_s: 1, max_concurrent: 2 } } } });
  });
  await page.getByTestId('graph-description-input').fill('kept through a busy server');
  await expect(ed.saveState).toHaveAttribute('data-state', 'busy', { timeout: 15_000 });
  await expect(ed.saveState).toHaveText('Server busy — retrying');
  await ed.expectSaved();
  expect(refused).toBe(1);
  const saved = await request.get(`/api/graphs/${id}`);
  expect(((await saved.json()) as { description: string }).description).toBe('kept through a busy server');
});
