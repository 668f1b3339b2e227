/**
 * Page object of the graph editor (/graphs/[id]) for the everyday-use specs: header Run, the run
 * panel, side panels, the connect command. Elements are found by data-testid only.
 */
import { expect, type Locator, type Page } from '@playwright/test';

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
}
