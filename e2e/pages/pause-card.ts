/**
 * Page object of the debug panel's pause card (breakpoint and human pauses): the decision buttons,
 * the folded state editor and the rejection reason. Elements are found by data-testid only.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class PauseCardPage {
  readonly card: Locator;
  readonly continueButton: Locator;
  readonly stepButton: Locator;
  readonly stateDetails: Locator;
  readonly stateEditor: Locator;
  readonly stateError: Locator;
  readonly approveButton: Locator;
  /** What a human step shows the person (e.g. the report to approve). */
  readonly value: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByTestId('pause-card');
    this.continueButton = page.getByTestId('continue');
    this.stepButton = page.getByTestId('step');
    this.stateDetails = page.getByTestId('pause-state-details');
    this.stateEditor = page.getByTestId('pause-state');
    this.stateError = page.getByTestId('pause-state-error');
    this.approveButton = page.getByTestId('approve');
    this.value = page.getByTestId('pause-value');
  }

  async expectPaused(kind: 'breakpoint' | 'human'): Promise<void> {
    await expect(this.card).toHaveAttribute('data-kind', kind, { timeout: 30_000 });
  }

  /** Opens the folded state and returns it parsed. */
  async readState(): Promise<Record<string, unknown>> {
    if (!(await this.stateDetails.evaluate((d) => (d as HTMLDetailsElement).open))) await this.stateDetails.locator('summary').click();
    return JSON.parse(await this.stateEditor.inputValue()) as Record<string, unknown>;
  }

  /** Replaces the state with `state` (JSON) in the editor. */
  async editState(state: Record<string, unknown>): Promise<void> {
    await this.readState();
    await this.stateEditor.fill(JSON.stringify(state, null, 2));
  }

  /** Approves the human step the run is paused at. */
  async approve(): Promise<void> {
    await this.expectPaused('human');
    await this.approveButton.click();
  }

  async reject(reason: string): Promise<void> {
    await this.page.getByTestId('reject').click();
    await this.page.getByTestId('reject-reason').fill(reason);
    await this.page.getByTestId('confirm-reject').click();
  }
}
