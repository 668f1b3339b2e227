/**
 * A first run without a key (issue 12 item 2), on the e2e server that has no model connection at all
 * (e2e/keyless-server.ts): the examples are seeded as they are (`connection: default`, which does not
 * exist there). On a first visit the run panel offers the demo model, labelled as scripted and never
 * chosen silently: a Run before the choice shows the offer instead of starting a run that can only
 * fail. Ticked, with its first scripted input, each example plays its conversation live to the end
 * and shows its scripted answer.
 */
import { readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { isGraphFile } from '../lib/graph/file-names';
import { DEMO_CONNECTION_LABEL } from '../lib/contracts/runs';
import { KEYLESS_BASE_URL } from './keyless-server';
import { DemoOfferPage } from './pages/demo-offer';
import { EditorPage } from './pages/editor-page';
import { GraphsApi } from './pages/graphs-api';
import { PauseCardPage } from './pages/pause-card';

test.use({ baseURL: KEYLESS_BASE_URL });

/** What each example's first demo script answers (examples/*.test.yaml, examples/demo/*.yaml). */
const ANSWERS: Record<string, string[]> = {
  'mrkl-agent': ['Harry Styles'],
  'plan-execute': ['42', 'Frank Herbert'],
  'supervisor-team': ['1,230 km'],
  'writer-reviewer': ['valley wakes'],
  'docs-qa': ['@component', 'Source: the documentation'],
};

const EXAMPLES = readdirSync('examples')
  .filter(isGraphFile)
  .map((f) => f.replace(/\.ya?ml$/i, ''));

test('every example has an expected demo answer here', () => {
  expect(EXAMPLES.sort()).toEqual(Object.keys(ANSWERS).sort());
});

test('first visit with no connection: the run panel offers the demo model, and a Run waits for the choice instead of failing', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const id = await api.graphId('writer-reviewer');
  const runsBefore = await request.get(`/api/graphs/${id}/runs`);
  expect(runsBefore.ok()).toBe(true);
  const ed = new EditorPage(page);
  const demo = new DemoOfferPage(page);
  await ed.open(id);
  await ed.expectPanelOpen(false);
  // The header says the graph's connection is missing (the connections are loaded) before the Run.
  await expect(page.getByTestId('connection').first()).toHaveAttribute('data-kind', 'missing');

  await ed.runFromHeader();
  await ed.expectPanelOpen(true);
  await expect(demo.offer).toContainText(DEMO_CONNECTION_LABEL);
  await expect(demo.choice).not.toBeChecked(); // never chosen silently
  await expect(demo.needed).toContainText('No connection configured');
  await expect(demo.choice).toBeFocused();
  // No run was started (none to fail).
  await expect(ed.runStatus).toHaveText('no run');
  await expect(page.getByTestId('run-link')).toHaveCount(0);
  expect(await (await request.get(`/api/graphs/${id}/runs`)).text()).toBe(await runsBefore.text());
});

for (const example of Object.keys(ANSWERS)) {
  test(`the demo model plays ${example} (seeded as is) to the end and shows its answer`, async ({ page, request }) => {
    const ed = new EditorPage(page);
    const demo = new DemoOfferPage(page);
    await ed.open(await new GraphsApi(request).graphId(example));
    await ed.panelTitle.click();
    await ed.expectPanelOpen(true);
    await expect(demo.offer).toContainText(DEMO_CONNECTION_LABEL);
    await expect(demo.choice).not.toBeChecked();
    await demo.chooseFirstInput();
    await expect(ed.runInput).not.toHaveValue('');
    await page.getByTestId('run-button').click();

    if (example === 'supervisor-team') await new PauseCardPage(page).approve();
    await ed.expectRunFinished('succeeded');
    await expect(page.getByTestId('connection').first()).toContainText(DEMO_CONNECTION_LABEL);
    await expect(page.locator('[data-testid="timeline-row"][data-kind="llm"]').first()).toBeVisible();
    const output = await ed.runOutput();
    for (const part of ANSWERS[example]) await expect(output).toContainText(part);
  });
}
