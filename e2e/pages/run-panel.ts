/**
 * Page object of the debug panel on the shareable run page /runs/[id]: its status, the trace
 * timeline and its rows. Elements are found by data-testid only.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class RunPanel {
  readonly panel: Locator;
  readonly status: Locator;
  /** Every row of the trace timeline. */
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('debug-panel');
    this.status = page.getByTestId('run-status');
    this.rows = page.getByTestId('timeline-row');
  }

  /** Opens the run page of a run (started through the API) and waits for its panel. */
  async open(runId: string): Promise<void> {
    await this.page.goto(`/runs/${runId}`);
    await expect(this.panel).toBeVisible();
  }

  /** Timeline rows of one kind (`node`, `edge`, ...), optionally of one node. */
  rowsOf(kind: string, node?: string): Locator {
    return this.rows.and(this.page.locator(node === undefined ? `[data-kind="${kind}"]` : `[data-kind="${kind}"][data-node="${node}"]`));
  }
}
