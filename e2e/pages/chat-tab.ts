/**
 * Page object of the run panel's Chat tab (components/chat): the conversation list, the composer,
 * user and assistant bubbles, a bubble's Trace link and the human-step buttons in a bubble.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ChatTab {
  readonly tab: Locator;
  readonly pane: Locator;
  readonly input: Locator;
  readonly conversations: Locator;
  readonly users: Locator;
  readonly answers: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByTestId('tab-chat');
    this.pane = page.getByTestId('chat-pane');
    this.input = page.getByTestId('chat-input');
    this.conversations = page.getByTestId('chat-conversation');
    this.users = page.getByTestId('chat-user');
    this.answers = page.getByTestId('chat-assistant');
  }

  /** Opens the run panel (if folded) and its Chat tab. */
  async open(): Promise<void> {
    const panel = this.page.getByTestId('debug-panel');
    if ((await panel.getAttribute('data-open')) !== 'true') await this.page.getByTestId('toggle-panel').click();
    await this.tab.click();
    await expect(this.pane).toBeVisible();
  }

  /** Sends a message (Enter) and waits for its user bubble. */
  async send(text: string): Promise<void> {
    const before = await this.users.count();
    await this.input.fill(text);
    await this.input.press('Enter');
    await expect(this.users).toHaveCount(before + 1);
    await expect(this.users.last()).toContainText(text);
  }

  /** The n-th assistant bubble (from 0) once its turn ended as `state`. */
  async answer(n: number, state = 'succeeded'): Promise<Locator> {
    const bubble = this.answers.nth(n);
    await expect(bubble).toHaveAttribute('data-state', state, { timeout: 20_000 });
    return bubble;
  }
}
