/**
 * A first run without a key (issue 12 item 2): for a graph whose connection is not configured, the
 * run panel offers the demo model (labelled as scripted, never chosen silently); choosing it and one
 * of its scripted inputs plays each example's conversation live to the end. The e2e server has a
 * `default` connection (the mock model), so each example is imported naming a connection that does
 * not exist — the same situation as a server with no key.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { GraphsApi } from './pages/graphs-api';
import { EditorPage } from './pages/editor-page';

const EXAMPLES = ['mrkl-agent', 'plan-execute', 'supervisor-team', 'writer-reviewer', 'docs-qa'];
const DEMO_LABEL = 'Demo model — scripted replies, not a language model';

for (const example of EXAMPLES) {
  test(`the demo model plays ${example} to the end with no connection configured`, async ({ page, request }) => {
    const api = new GraphsApi(request);
    // A numbered copy plays the example's script; `connection: offline` is configured nowhere.
    const name = `${example}-${Date.now()}`;
    const yaml = readFileSync(`examples/${example}.yaml`, 'utf8').replace(/^name: .*$/m, `name: ${name}`).replaceAll('connection: default', 'connection: offline');
    const id = await api.importYaml(yaml);
    const ed = new EditorPage(page);
    await ed.open(id);
    await ed.headerRun.click();
    await ed.expectPanelOpen(true);

    const offer = page.getByTestId('demo-offer');
    await expect(offer).toContainText(DEMO_LABEL);
    await expect(page.getByTestId('demo-choice')).not.toBeChecked(); // never chosen silently
    await page.getByTestId('demo-choice').check();
    await page.getByTestId('demo-input').first().click();
    await page.getByTestId('run-button').click();

    if (example === 'supervisor-team') {
      await expect(page.getByTestId('approve')).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('approve').click();
    }
    await ed.expectRunFinished('succeeded');
    await expect(page.getByTestId('connection').first()).toContainText(DEMO_LABEL);
    await expect(page.locator('[data-testid="timeline-row"]').first()).toBeVisible();
  });
}
