/**
 * Review screenshots of the editor at 1280×720 (issue 12), light and dark: a run in progress, a run
 * paused at a breakpoint, a run paused at a human step. Each is saved under test-results/screens and
 * attached to the test's artifacts. The running state is held deterministically: the mock model's
 * `[[stall]]` reply streams two chunks and then nothing, so the writer is running until Stop.
 */
import { expect, test } from '@playwright/test';
import { approvalYaml, loopYaml, uniqueName } from './fixtures/graphs';
import { EditorPage } from './pages/editor-page';
import { GraphsApi } from './pages/graphs-api';
import { PauseCardPage } from './pages/pause-card';

test.use({ viewport: { width: 1280, height: 720 } });

for (const theme of ['light', 'dark'] as const) {
  test(`run screens (${theme}): running, paused at a breakpoint, paused at a human step`, async ({ page, request }, testInfo) => {
    const api = new GraphsApi(request);
    const ed = new EditorPage(page);
    const pause = new PauseCardPage(page);
    const stop = page.getByTestId('stop-button');

    // Running: the writer's model reply stalls after its first chunks.
    await ed.open(await api.importYaml(loopYaml(uniqueName('screens-running'))));
    await ed.setTheme(theme);
    await ed.panelTitle.click();
    await ed.runInput.fill('Write one line about yards. [[stall]]');
    await page.getByTestId('run-button').click();
    await expect(ed.runStatus).toHaveText('running');
    await expect(ed.node('writer')).toHaveAttribute('data-run-status', 'running');
    await expect(page.locator('[data-testid="timeline-row"][data-kind="llm"]').first()).toBeVisible();
    await ed.screenshotAttached(testInfo, `run-running-${theme}`);
    await stop.click();
    await ed.expectRunFinished('cancelled');

    // Paused at a breakpoint before the reviewer.
    await ed.open(await api.importYaml(loopYaml(uniqueName('screens-breakpoint'))));
    await ed.setTheme(theme);
    await page.getByTestId('breakpoint-reviewer').click();
    await expect(ed.node('reviewer')).toHaveAttribute('data-breakpoint', 'true');
    await ed.expectPanelOpen(true); // remembered; and loaded (it loads after the canvas) before the header's Run
    await ed.headerRun.click();
    await pause.expectPaused('breakpoint');
    await expect(ed.node('reviewer')).toHaveAttribute('data-run-status', 'paused');
    await expect(ed.node('writer')).toHaveAttribute('data-run-status', 'done');
    await expect(pause.continueButton).toBeVisible();
    await ed.screenshotAttached(testInfo, `run-breakpoint-${theme}`);
    await stop.click();
    await ed.expectRunFinished('cancelled');

    // Paused at a human step: the approval card.
    await ed.open(await api.importYaml(approvalYaml(uniqueName('screens-human'))));
    await ed.setTheme(theme);
    await ed.expectPanelOpen(true);
    await ed.headerRun.click();
    await pause.expectPaused('human');
    await expect(pause.approveButton).toBeVisible();
    await expect(ed.node('approve')).toHaveAttribute('data-run-status', 'paused');
    await ed.screenshotAttached(testInfo, `run-human-${theme}`);
    await stop.click();
    await ed.expectRunFinished('cancelled');
  });
}
