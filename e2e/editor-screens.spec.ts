/** Screenshots of the editor for review: empty, the supervisor example, with errors; light and dark. */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { blankYaml, edge, edgeLabel, expectAllInView, importYaml, loopYaml, openEditor, screenshot, setTheme, uniqueName } from './editor-helpers';

test.use({ viewport: { width: 1440, height: 900 } });

for (const theme of ['light', 'dark'] as const) {
  test(`screens (${theme}): empty editor, supervisor example, errors shown`, async ({ page, request }) => {
    const empty = await importYaml(request, blankYaml(uniqueName('empty')));
    await openEditor(page, empty);
    await setTheme(page, theme);
    await screenshot(page, `editor-empty-${theme}`);

    const supervisor = readFileSync('examples/supervisor-team.yaml', 'utf8').replace(/^name: .*$/m, `name: ${uniqueName('supervisor')}`);
    const sup = await importYaml(request, supervisor);
    await openEditor(page, sup);
    await setTheme(page, theme);
    await expect(page.locator('.react-flow__node').first()).toBeVisible();
    await page.getByTestId('fit-view').click();
    await expectAllInView(page);
    await page.locator('[data-testid^="node-"][data-role="supervisor"]').first().click();
    await expect(page.getByTestId('node-form')).toBeVisible();
    await screenshot(page, `editor-supervisor-${theme}`);
    await page.getByTestId('toggle-yaml').click();
    await expect(page.getByTestId('yaml-editor')).toContainText('switchyard: 1');
    await expectAllInView(page);
    await screenshot(page, `editor-supervisor-yaml-${theme}`);

    const bad = await importYaml(request, loopYaml(uniqueName('errors')));
    await openEditor(page, bad);
    await setTheme(page, theme);
    await edgeLabel(page, 'reviewer', 'writer').click();
    await page.getByTestId('edge-condition-input').fill('state.verdict ==');
    await edge(page, 'START', 'writer').click({ force: true });
    await page.keyboard.press('Delete');
    await page.getByTestId('node-reviewer').click();
    await expect(page.getByTestId('problem').first()).toBeVisible();
    await screenshot(page, `editor-errors-${theme}`);
  });
}
