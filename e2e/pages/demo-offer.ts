/**
 * Page object of the run panel's demo model offer (shown when no connection of the graph is
 * configured): the checkbox, the scripted inputs and the message a Run shows before the choice.
 * Elements are found by data-testid only.
 */
import type { Locator, Page } from '@playwright/test';

export class DemoOfferPage {
  readonly offer: Locator;
  readonly choice: Locator;
  /** The scripted inputs (chips), in the order of the graph's scripts. */
  readonly inputs: Locator;
  /** "No connection configured — …", after a Run before the choice. */
  readonly needed: Locator;

  constructor(readonly page: Page) {
    this.offer = page.getByTestId('demo-offer');
    this.choice = page.getByTestId('demo-choice');
    this.inputs = page.getByTestId('demo-input');
    this.needed = page.getByTestId('demo-needed');
  }

  /** Ticks the demo model and puts its first scripted input in the run box. */
  async chooseFirstInput(): Promise<void> {
    await this.choice.check();
    await this.inputs.first().click();
  }
}
