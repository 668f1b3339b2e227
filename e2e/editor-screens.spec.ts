/** Screenshots of the editor for review: empty, the supervisor example, with errors; light and dark. */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { blankYaml, loopYaml, uniqueName } from './fixtures/graphs';
import { EditorPage } from './pages/editor-page';
import { GraphsApi } from './pages/graphs-api';

test.use({ viewport: { width: 1440, height: 900 } });

for (const theme of ['light', 'dark'] as const) {
  test(`screens (${theme}): empty editor, supervisor example, errors shown`, async ({ page, request }) => {
    const ed = new EditorPage(page);
    const api = new GraphsApi(request);
    const empty = await api.importYaml(blankYaml(uniqueName('empty')));
    await ed.open(empty);
    await ed.setTheme(theme);
    await ed.screenshot(`editor-empty-${theme}`);

    const supervisor = readFileSync('examples/supervisor-team.yaml', 'utf8').replace(/^name: .*$/m, `name: ${uniqueName('supervisor')}`);
    const sup = await api.importYaml(supervisor);
    await ed.open(sup);
    await ed.setTheme(theme);
    await expect(page.locator('.react-flow__node').first()).toBeVisible();
    await page.getByTestId('fit-view').click();
    await ed.expectAllInView();
    await page.locator('[data-testid^="node-"][data-role="supervisor"]').first().click();
    await expect(page.getByTestId('node-form')).toBeVisible();
    await ed.screenshot(`editor-supervisor-${theme}`);
    await page.getByTestId('toggle-yaml').click();
    await expect(page.getByTestId('yaml-editor')).toContainText('switchyard: 1');
    await ed.expectAllInView();
    await ed.screenshot(`editor-supervisor-yaml-${theme}`);

    const bad = await api.importYaml(loopYaml(uniqueName('errors')));
    await ed.open(bad);
    await ed.setTheme(theme);
    await ed.edgeLabel('reviewer', 'writer').click();
    await page.getByTestId('edge-condition-input').fill('state.verdict ==');
    await ed.edge('START', 'writer').click({ force: true });
    await page.keyboard.press('Delete');
    await page.getByTestId('node-reviewer').click();
    await expect(page.getByTestId('problem').first()).toBeVisible();
    await ed.screenshot(`editor-errors-${theme}`);
  });
}
