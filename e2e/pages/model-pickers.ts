/**
 * Page object of the graph panel's model pickers (components/inspector/model-pickers.tsx) and of the
 * problems list's setup problems: the connection select, the model combobox with its options,
 * refresh and note, and a problem's fix button. Elements are found by data-testid.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ModelPickersPage {
  constructor(readonly page: Page) {}

  /** The connection <select> of the model entry `key`. */
  connection(key: string): Locator {
    return this.page.getByTestId(`model-connection-${key}`);
  }

  /** The model combobox (a text box) of the model entry `key`. */
  model(key: string): Locator {
    return this.page.getByTestId(`model-name-${key}`);
  }

  /** The listed models, once the list is open. */
  options(key: string): Locator {
    return this.page.getByTestId(`model-name-${key}-options`).getByRole('option');
  }

  note(key: string): Locator {
    return this.page.getByTestId(`model-name-${key}-note`);
  }

  refresh(key: string): Locator {
    return this.page.getByTestId(`model-name-${key}-refresh`);
  }

  /** Opens the model list with its ▾ and picks `model` from it. */
  async pickModel(key: string, model: string): Promise<void> {
    await this.page.getByTestId(`model-name-${key}-toggle`).click();
    await this.options(key).filter({ hasText: new RegExp(`^${model.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
    await expect(this.model(key)).toHaveValue(model);
  }

  /** A problem of the problems list by its code. */
  problem(code: string): Locator {
    return this.page.locator(`[data-testid="problem"][data-code="${code}"]`);
  }

  /** The fix button beside the problem with `code`. */
  fix(code: string): Locator {
    return this.page.locator('li').filter({ has: this.problem(code) }).getByTestId('problem-fix');
  }
}
