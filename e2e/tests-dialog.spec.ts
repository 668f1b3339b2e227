/**
 * Graph tests in the editor (issue 13): open the Tests tab of the run panel on a seeded example,
 * put in the example's own *.test.yaml, save and run it (scripted replies: no model is called),
 * see every test pass and the tab count them; a broken file is refused naming its line.
 * Production build, fresh DB with the examples seeded. Selectors are data-testid only; no sleeps.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EditorPage } from './pages/editor-page';
import { GraphsApi } from './pages/graphs-api';
import { TestsTab } from './pages/tests-tab';

const exampleTests = (name: string) => readFileSync(path.join('examples', `${name}.test.yaml`), 'utf8');

test('run the tests of an example graph from the Tests tab and see them pass', async ({ page, request }) => {
  const id = await new GraphsApi(request).graphId('mrkl-agent');
  const editor = new EditorPage(page);
  await editor.open(id);
  const tests = new TestsTab(page);
  await tests.open();

  await tests.saveAndRun(exampleTests('mrkl-agent'));
  const count = await tests.results.count();
  expect(count).toBeGreaterThan(0);
  await expect(tests.summary).toHaveText(`${count} passed, 0 failed`);
  await expect(tests.results.and(page.locator('[data-passed="false"]'))).toHaveCount(0);
  await expect(tests.tab).toContainText(`✓ ${count}`);

  // The saved file is what the tab shows after a reload.
  await page.reload();
  await tests.open();
  await expect(tests.yaml).toHaveValue(/tests:/);

  await tests.yaml.fill('tests:\n  - name: broken\n    input: [not, a, string\n');
  await tests.run.click();
  await expect(tests.errors).toContainText(/line \d+/);
});
