/**
 * The builder at laptop size (issue 25, items 1 and 2), in Chromium as a new user would see it.
 *
 * Layout, on the keyless server (no connection: the demo model): at 1280×720 the side panels start
 * folded, the header shows the whole graph name, the header's Run on the folded run panel opens it
 * at its input; after a demo run the answer card (with copy) is in the viewport without folding
 * anything, the trace has at least half the run panel, the canvas keeps 300 px. Screenshots of the
 * editor after a run at 1280×720 and 1440×900, light and dark (test-results/screens/laptop-*.png).
 *
 * Pickers, on the main server (its `default` connection is the mock OpenAI server): a graph naming a
 * connection that is not configured shows it as a problem in the run panel's words, fixed in one
 * click; the connection is picked from a list (with "Add connection…"), the model from the list the
 * connection's GET /models gives (refreshable), and a typed model the server does not list is a
 * problem whose fix opens the picker.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CONNECTION_LABEL } from '../lib/contracts/runs';
import { uniqueName } from './fixtures/graphs';
import { KEYLESS_BASE_URL } from './keyless-server';
import { DemoOfferPage } from './pages/demo-offer';
import { EditorPage } from './pages/editor-page';
import { GraphsApi } from './pages/graphs-api';
import { ModelPickersPage } from './pages/model-pickers';

const MOCK = `http://127.0.0.1:${Number(process.env.E2E_MOCK_PORT ?? 3901)}`;

/** Opens an example on the keyless server and plays its first demo script to the end. */
async function demoRun(page: Page, ed: EditorPage, example: string): Promise<void> {
  const demo = new DemoOfferPage(page);
  await ed.open(await new GraphsApi(page.request).graphId(example));
  await ed.expectPanelOpen(false);
  // The header's Run on the folded panel: open, keyboard in the input, nothing run yet.
  await ed.headerRun.click();
  await ed.expectPanelOpen(true);
  await expect(ed.runInput).toBeFocused();
  await expect(ed.runStatus).toHaveText('no run');
  await expect(demo.offer).toContainText(DEMO_CONNECTION_LABEL);
  await demo.chooseFirstInput();
  await ed.headerRun.click();
  await ed.expectRunFinished();
}

/** `el` fits its box: nothing clipped. */
async function notClipped(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
}

test.describe('layout at laptop size, after a demo run', () => {
  test.use({ baseURL: KEYLESS_BASE_URL });

  test('1280×720: the answer is in sight without folding anything, the trace has half the panel, the canvas 300 px', async ({ page, context }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: KEYLESS_BASE_URL });
    const ed = new EditorPage(page);
    // The example whose name the header used to clip: whole now, its tooltip naming it too.
    await ed.open(await new GraphsApi(page.request).graphId('supervisor-team'));
    await expect(page.getByTestId('graph-name')).toHaveValue('supervisor-team');
    expect(await notClipped(page, 'graph-name')).toBe(true);
    await expect(page.getByTestId('graph-name')).toHaveAttribute('title', /^supervisor-team/);

    await demoRun(page, ed, 'writer-reviewer');

    // Nothing was folded by hand: below 1440 px the side panels start folded.
    await expect(ed.palette).toHaveAttribute('data-collapsed', 'true');
    await expect(ed.inspector).toHaveAttribute('data-collapsed', 'true');
    await expect(ed.page.getByTestId('toggle-run-focus')).toHaveAttribute('aria-pressed', 'false');

    const card = page.getByTestId('answer-card');
    await expect(card).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('answer-text')).toContainText('valley wakes');
    const panel = (await ed.panel.boundingBox())!;
    const trace = (await page.getByTestId('trace-body').boundingBox())!;
    expect(trace.height).toBeGreaterThanOrEqual(panel.height / 2);
    expect((await ed.canvas.boundingBox())!.height).toBeGreaterThanOrEqual(300);
    // The answer card comes before the trace.
    expect((await card.boundingBox())!.y).toBeLessThan(trace.y);

    // Copy puts the answer, as text, on the clipboard.
    const answer = (await page.getByTestId('answer-text').textContent())!;
    await page.getByTestId('answer-copy').click();
    await expect(page.getByTestId('answer-copy')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(answer);

    // The haiku is longer than the card's two lines at this height: it says so, and opens in full.
    const fits = () => page.getByTestId('answer-text').evaluate((el) => el.scrollHeight <= el.clientHeight + 1);
    expect(await fits()).toBe(false);
    await page.getByTestId('answer-more').click();
    await expect(page.getByTestId('answer-more')).toHaveText('Show less');
    await expect.poll(fits).toBe(true);

    // The canvas keeps 300 px however far the run panel is dragged up.
    const handle = (await page.getByTestId('dock-resize').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, 60, { steps: 4 });
    await page.mouse.up();
    expect((await ed.canvas.boundingBox())!.height).toBeGreaterThanOrEqual(299);
  });

  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`screenshot of the editor after a run, ${width}×${height} ${theme}`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width, height });
        const ed = new EditorPage(page);
        await demoRun(page, ed, 'writer-reviewer');
        // 1440 px and wider: the side panels start open.
        await expect(ed.palette).toHaveAttribute('data-collapsed', String(width < 1440));
        await expect(ed.inspector).toHaveAttribute('data-collapsed', String(width < 1440));
        await ed.setTheme(theme);
        await expect(page.getByTestId('answer-card')).toBeInViewport({ ratio: 1 });
        expect(await notClipped(page, 'graph-name')).toBe(true);
        await ed.screenshotAttached(testInfo, `laptop-after-run-${width}x${height}-${theme}`);
      });
    }
  }
});

/** A graph whose only model entry names a connection this server does not have. */
function offlineYaml(name: string): string {
  return [
    'switchyard: 1',
    `name: ${name}`,
    'models:',
    '  main: { connection: offline, model: gpt-4o-mini }',
    'nodes:',
    '  writer: { role: agent, model: main, system_prompt: Write it. }',
    'edges:',
    '  - { from: START, to: writer }',
    '  - { from: writer, to: END }',
    '',
  ].join('\n');
}

const modelListCalls = async (page: Page) =>
  ((await (await page.request.get(`${MOCK}/__mock/requests`)).json()) as { requests: Array<{ method: string; path: string }> }).requests.filter(
    (r) => r.method === 'GET' && r.path === '/v1/models',
  ).length;

test.describe('pickers at 1280×720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('an unknown connection is a problem in the run panel words, fixed in one click; connection and model picked from lists', async ({ page, request }) => {
    const ed = new EditorPage(page);
    const pick = new ModelPickersPage(page);
    await ed.open(await new GraphsApi(request).importYaml(offlineYaml(uniqueName('pickers'))));

    // The problems list names the connection, as the run panel does when a Run is held for it. The
    // configured ones are the server's (other specs on this server may have added some).
    const configured = ((await (await request.get('/api/connections')).json()) as { connections: { name: string }[] }).connections.map((c) => c.name);
    expect(configured).toContain('default');
    const words = `Connection "offline" is not configured — pick a configured one (${configured.map((n) => `"${n}"`).join(', ')}) or add it in Settings`;
    await expect(pick.problem('connection_not_configured')).toContainText(`Model "main": ${words}`);
    await ed.headerRun.click();
    await page.getByTestId('run-button').click();
    await expect(new DemoOfferPage(page).needed).toContainText(words);
    await expect(ed.runStatus).toHaveText('no run');

    // Fixed in one click: the entry points at `default`, the problem is gone.
    await expect(pick.fix('connection_not_configured')).toHaveText('Use “default”');
    await pick.fix('connection_not_configured').click();
    await expect(pick.problem('connection_not_configured')).toHaveCount(0);

    // The graph panel: the connection is a list of the configured ones, plus "Add connection…".
    await ed.showSidePanels();
    await expect(pick.connection('main')).toHaveValue('default');
    await expect(pick.connection('main').locator('option')).toHaveText([...configured, 'Add connection…']);
    await pick.connection('main').selectOption({ label: 'Add connection…' });
    const dialog = page.getByRole('dialog', { name: 'Add a connection' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(pick.connection('main')).toHaveValue('default');

    // The model: what the connection's server lists (the mock's GET /v1/models), picked from the list.
    await expect(pick.note('main')).toHaveText('2 models listed by "default"; any other name can be typed.');
    await pick.pickModel('main', 'mock-model');
    await expect(pick.options('main')).toHaveCount(0);
    await ed.expectSaved();

    // Typed by hand, a model the server does not list: a problem whose fix opens the picker.
    await pick.model('main').fill('my-own-model');
    await page.keyboard.press('Escape');
    await expect(pick.problem('model_not_listed')).toContainText('connection "default" does not list the model "my-own-model"');
    await pick.fix('model_not_listed').click();
    await expect(pick.model('main')).toBeFocused();
    await pick.model('main').fill('gpt');
    await expect(pick.options('main')).toHaveText(['gpt-4o-mini']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(pick.model('main')).toHaveValue('gpt-4o-mini');
    await expect(pick.problem('model_not_listed')).toHaveCount(0);

    // Refresh asks the model server again.
    const before = await modelListCalls(page);
    await pick.refresh('main').click();
    await expect.poll(() => modelListCalls(page)).toBe(before + 1);
    await expect(pick.refresh('main')).toBeEnabled();

    // Kept: after a reload the entry still points at default / gpt-4o-mini.
    await ed.expectSaved();
    await page.reload();
    await expect(ed.node('START')).toBeVisible();
    await expect(ed.inspector).toHaveAttribute('data-collapsed', 'false');
    await expect(pick.connection('main')).toHaveValue('default');
    await expect(pick.model('main')).toHaveValue('gpt-4o-mini');
  });
});
