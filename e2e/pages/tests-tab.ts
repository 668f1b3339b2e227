/**
 * Page object of the graph's tests in the editor: the run panel's Tests tab (the test file, Save,
 * Run tests, the results) and the header's Tests button with its pass/fail badge. data-testid only.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class TestsTab {
  readonly tab: Locator;
  readonly pane: Locator;
  readonly yaml: Locator;
  readonly save: Locator;
  readonly run: Locator;
  readonly summary: Locator;
  readonly results: Locator;
  readonly errors: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByTestId('tab-tests');
    this.pane = page.getByTestId('tests-pane');
    this.yaml = this.pane.getByTestId('tests-yaml');
    this.save = this.pane.getByTestId('tests-save');
    this.run = this.pane.getByTestId('tests-run');
    this.summary = this.pane.getByTestId('test-summary');
    this.results = this.pane.getByTestId('test-result');
    this.errors = this.pane.getByTestId('tests-errors');
  }

  /** Opens the run panel (when folded) and its Tests tab; waits for the test file to load. */
  async open(): Promise<void> {
    const panel = this.page.getByTestId('debug-panel');
    if ((await panel.getAttribute('data-open')) !== 'true') await this.page.getByTestId('toggle-panel').click();
    await this.tab.click();
    await expect(this.pane).toBeVisible();
    await expect(this.yaml).not.toHaveValue('');
  }

  /** Replaces the test file, saves it and runs it. */
  async saveAndRun(yaml: string): Promise<void> {
    await this.yaml.fill(yaml);
    await this.save.click();
    await expect(this.save).toBeDisabled();
    await this.run.click();
    await expect(this.summary).toBeVisible({ timeout: 30_000 });
  }
}
