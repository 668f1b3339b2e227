/**
 * Page object of the graph editor (/graphs/[id]) for the e2e specs: header Run, the run panel, side
 * panels, canvas gestures (connecting handles, edges and their labels), the theme, downloads and
 * screenshots. Elements are found by data-testid (or an edge's accessible name).
 */
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';

/** Where the specs' review screenshots go. */
export const SCREENS = 'test-results/screens';

async function centre(l: Locator): Promise<{ x: number; y: number }> {
  const b = await l.boundingBox();
  if (!b) throw new Error('element has no box');
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

export class EditorPage {
  readonly editor: Locator;
  readonly canvas: Locator;
  readonly headerRun: Locator;
  readonly panel: Locator;
  readonly panelTitle: Locator;
  readonly runInput: Locator;
  readonly runStatus: Locator;
  readonly palette: Locator;
  readonly inspector: Locator;
  readonly saveState: Locator;

  constructor(readonly page: Page) {
    this.editor = page.getByTestId('editor');
    this.canvas = page.getByTestId('canvas');
    this.headerRun = page.getByTestId('header-run');
    this.panel = page.getByTestId('debug-panel');
    this.panelTitle = page.getByTestId('panel-title');
    this.runInput = page.getByTestId('run-input');
    this.runStatus = page.getByTestId('run-status');
    this.palette = page.getByTestId('palette');
    this.inspector = page.getByTestId('inspector');
    this.saveState = page.getByTestId('save-state');
  }

  async open(graphId: string): Promise<void> {
    await this.page.goto(`/graphs/${graphId}`);
    await expect(this.editor).toBeVisible();
    await expect(this.node('START')).toBeVisible();
  }

  /**
   * Runs from the header's Run: with the run panel folded, the first click only opens it at its
   * input (no run of a made-up question), so a second click runs.
   */
  async runFromHeader(): Promise<void> {
    if ((await this.panel.getAttribute('data-open')) !== 'true') {
      await this.headerRun.click();
      await this.expectPanelOpen(true);
      await expect(this.runInput).toBeFocused();
    }
    await this.headerRun.click();
  }

  /** Below 1440 px the palette and the inspector start folded: opens them (as a person would, with their toggles). */
  async showSidePanels(): Promise<void> {
    for (const [panel, toggle] of [
      [this.palette, 'toggle-palette'],
      [this.inspector, 'toggle-inspector'],
    ] as const) {
      if ((await panel.getAttribute('data-collapsed')) === 'true') await this.page.getByTestId(toggle).click();
      await expect(panel).toHaveAttribute('data-collapsed', 'false');
    }
  }

  node(id: string): Locator {
    return this.page.getByTestId(`node-${id}`);
  }

  async expectPanelOpen(open: boolean): Promise<void> {
    await expect(this.panel).toHaveAttribute('data-open', String(open));
  }

  async expectRunFinished(status = 'succeeded'): Promise<void> {
    await expect(this.runStatus).toHaveText(status, { timeout: 30_000 });
  }

  async expectSaved(): Promise<void> {
    await expect(this.saveState).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  }

  /** Trace rows of a node's steps. */
  traceRows(node: string): Locator {
    return this.page.locator(`[data-testid="timeline-row"][data-kind="node"][data-node="${node}"]`);
  }

  /** The run's row of the trace (its details show the run's input and answer). */
  runRow(): Locator {
    return this.page.locator('[data-testid="timeline-row"][data-kind="run"]').first();
  }

  /** Selects the run's row and returns its answer as the run panel shows it. */
  async runOutput(): Promise<Locator> {
    await this.runRow().click();
    return this.page.getByTestId('run-output');
  }

  /** The connect command: C with one node selected, type the target's name, Enter. */
  async connectSelectedTo(target: string): Promise<void> {
    await this.page.keyboard.press('c');
    const input = this.page.getByTestId('connect-input');
    await expect(input).toBeFocused();
    await this.page.keyboard.type(target);
    await expect(this.page.getByTestId(`connect-option-${target}`)).toHaveAttribute('aria-selected', 'true');
    await this.page.keyboard.press('Enter');
    await expect(this.page.getByTestId('connect-command')).toBeHidden();
  }

  /** Drags from one handle to another with the mouse, as a person connects two nodes. */
  async connect(from: string, to: string): Promise<void> {
    const a = await centre(this.page.getByTestId(`handle-out-${from}`));
    const b = await centre(this.page.getByTestId(`handle-in-${to}`));
    await this.page.mouse.move(a.x, a.y);
    await this.page.mouse.down();
    await this.page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
    await this.page.mouse.move(b.x, b.y, { steps: 5 });
    await this.page.mouse.up();
  }

  edge(source: string, target: string): Locator {
    return this.page.getByRole('group', { name: `Edge from ${source} to ${target}` }).or(this.page.locator(`[aria-label="Edge from ${source} to ${target}"]`)).first();
  }

  edgeLabel(source: string, target: string): Locator {
    return this.page.locator(`[data-testid^="edge-label-"][data-source="${source}"][data-target="${target}"]`);
  }

  /** Waits until every node is inside the canvas (after a fit view, which animates). */
  async expectAllInView(): Promise<void> {
    await expect
      .poll(async () => {
        const canvas = await this.canvas.boundingBox();
        const boxes = await this.page.locator('.react-flow__node').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
        if (!canvas) return false;
        return boxes.every((b) => b.left >= canvas.x - 1 && b.right <= canvas.x + canvas.width + 1 && b.top >= canvas.y - 1 && b.bottom <= canvas.y + canvas.height + 1);
      })
      .toBe(true);
  }

  async setTheme(theme: 'light' | 'dark'): Promise<void> {
    await expect(this.editor).toHaveAttribute('data-theme-mode', /light|dark/);
    if ((await this.editor.getAttribute('data-theme-mode')) !== theme) await this.page.getByTestId('theme-toggle').click();
    await expect(this.editor).toHaveAttribute('data-theme-mode', theme);
  }

  /** Saves a screenshot of the page as SCREENS/<name>.png. */
  async screenshot(name: string): Promise<void> {
    mkdirSync(SCREENS, { recursive: true });
    await this.page.screenshot({ path: `${SCREENS}/${name}.png` });
  }

  /** Saves a screenshot as SCREENS/<name>.png and attaches it to the test's artifacts. */
  async screenshotAttached(testInfo: TestInfo, name: string): Promise<void> {
    await this.screenshot(name);
    await testInfo.attach(name, { path: `${SCREENS}/${name}.png`, contentType: 'image/png' });
  }

  /** Runs `click` and resolves to the text of the download it starts. */
  async download(click: () => Promise<void>): Promise<string> {
    const [dl] = await Promise.all([this.page.waitForEvent('download'), click()]);
    const stream = await dl.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
}
