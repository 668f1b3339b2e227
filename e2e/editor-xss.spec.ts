/** No user text can inject HTML: an <img onerror> payload in every text field stays text. */
import { expect, test } from '@playwright/test';
import { loopYaml, uniqueName } from './fixtures/graphs';
import { EditorPage } from './pages/editor-page';
import { GraphsApi } from './pages/graphs-api';

test.use({ viewport: { width: 1440, height: 900 } });

const XSS = '<img src=x onerror=window.__xss=1>';

test('an <img onerror> payload typed into every text field is rendered as text', async ({ page, request }) => {
  const ed = new EditorPage(page);
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('xss')));
  await ed.open(id);
  await ed.showSidePanels();

  // Graph panel: description, a tool description, a model name.
  await page.getByTestId('graph-description-input').fill(XSS);
  await page.getByTestId('tools-new').fill('search');
  await page.getByTestId('tools-add').click();
  await page.getByTestId('tools-search').locator('textarea').fill(XSS);

  // Node fields: label, description, system prompt, and the human prompt of a new node.
  await page.getByTestId('node-writer').click();
  await page.getByTestId('field-label').fill(XSS);
  await page.getByTestId('field-description').fill(XSS);
  await page.getByTestId('field-system_prompt').fill(XSS);
  await expect(page.getByTestId('node-title-writer')).toHaveText(XSS);
  await page.getByTestId('palette-human').click();
  await page.getByTestId('field-prompt').fill(XSS);

  // Edge fields: the condition (invalid CEL: its error message echoes the text) and the label.
  const branch = ed.edgeLabel('reviewer', 'writer');
  await branch.click();
  await page.getByTestId('edge-label-input').fill(XSS);
  await page.getByTestId('edge-condition-input').fill(XSS);
  await expect(branch.getByTestId('edge-error')).toBeVisible();

  // The YAML view and the problems list show the same text.
  await page.getByTestId('toggle-yaml').click();
  await expect(page.getByTestId('yaml-editor')).toContainText('onerror');

  // And the graph name, which is not a valid name: shown, never interpreted.
  await page.getByTestId('graph-name').fill(XSS);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'draft');

  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);

  // The same payload stored in a saved graph and loaded again.
  const stored = loopYaml(uniqueName('xss-stored'))
    .replace('system_prompt: Write it.', `system_prompt: '${XSS}', label: '${XSS}', description: '${XSS}'`)
    .replace(`'state.verdict == "revise"', to: writer }`, `'state.verdict == "revise"', to: writer, label: '${XSS}' }`);
  const id2 = await api.importYaml(stored);
  await ed.open(id2);
  await expect(page.getByTestId('node-title-writer')).toHaveText(XSS);
  await expect(ed.edgeLabel('reviewer', 'writer')).toContainText(XSS);
  await page.getByTestId('node-writer').click();
  await page.getByTestId('toggle-yaml').click();
  await expect(page.getByTestId('yaml-editor')).toContainText('onerror');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await ed.expectSaved();
});
