/**
 * Run from the header: on a first visit the run panel is folded; the header's Run opens it at its
 * input, and a second Run starts a run with the default question (shown in the box); Ctrl+Enter runs again from the canvas; the panel
 * remembers being open across a reload; the word "Run" folds and opens it. Uses the mock model server
 * the e2e app is configured with (OPENAI_BASE_URL, playwright.config.ts).
 */
import { expect, test } from '@playwright/test';
import { loopYaml, uniqueName } from './fixtures/graphs';
import { GraphsApi } from './pages/graphs-api';
import { EditorPage } from './pages/editor-page';

test.use({ viewport: { width: 1280, height: 720 } });

test('Run from the header on a first visit opens the panel at its input; Run again runs the default question', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('first-run')));
  const ed = new EditorPage(page);
  await ed.open(id);
  await ed.expectPanelOpen(false);

  // Folded: the header's Run opens the panel with the keyboard in the input, and runs nothing yet.
  await ed.headerRun.click();
  await ed.expectPanelOpen(true);
  await expect(ed.runInput).toBeFocused();
  await expect(ed.runStatus).toHaveText('no run');
  await expect(page.getByTestId('run-link')).toHaveCount(0);

  // Open: it runs. An empty box runs the default question, and says so: it is put in the box.
  await ed.headerRun.click();
  await expect(ed.runInput).toHaveValue('Hello');
  await ed.expectRunFinished();
  await expect(ed.traceRows('writer').first()).toBeVisible();
  await expect(ed.node('writer')).toHaveAttribute('data-run-status', 'done');

  // Remembered: open after a reload.
  await page.reload();
  await expect(ed.node('START')).toBeVisible();
  await ed.expectPanelOpen(true);

  // The word "Run" folds the panel; Ctrl+Enter on the canvas opens it again and starts a run.
  await ed.panelTitle.click();
  await ed.expectPanelOpen(false);
  await ed.node('writer').click();
  await page.keyboard.press('Control+Enter');
  await ed.expectPanelOpen(true);
  await expect(page.getByTestId('run-link')).toBeVisible();
  await ed.expectRunFinished();

  // Folded, clicking the word opens it (not only the caret).
  await ed.panelTitle.click();
  await ed.expectPanelOpen(false);
  await ed.panelTitle.click();
  await ed.expectPanelOpen(true);
});

test('the run focus layout makes the trace large and is remembered', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('focus')));
  const ed = new EditorPage(page);
  await ed.open(id);
  await ed.runFromHeader();
  await ed.expectRunFinished();
  const canvasBefore = (await ed.canvas.boundingBox())!.height;
  await page.getByTestId('toggle-run-focus').click();
  await expect(page.getByTestId('toggle-run-focus')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await ed.panel.boundingBox())!.height - (await ed.canvas.boundingBox())!.height).toBeGreaterThan(0);
  expect((await ed.canvas.boundingBox())!.height).toBeLessThan(canvasBefore);
  // Step names are whole in the trace (they wrap; the full name is the row's title).
  await expect(page.getByTestId('row-label').first()).toHaveAttribute('title', /.+/);
  await page.reload();
  await expect(ed.node('START')).toBeVisible();
  await expect(page.getByTestId('toggle-run-focus')).toHaveAttribute('aria-pressed', 'true');
});
