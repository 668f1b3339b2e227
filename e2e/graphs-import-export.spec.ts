/**
 * The graph list page against a production build: import through the file chooser, export
 * byte-for-byte, import errors with line and column, replace on a name conflict, new and delete,
 * and screenshots of the list in the light and the dark theme (test-results/screens/).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';

const FIXTURE = 'e2e/fixtures/research-desk.yaml';
const FIXTURE_NAME = 'e2e-research-desk';
const INVALID = 'e2e/fixtures/invalid.yaml';
const SCREENS = 'test-results/screens';

test.beforeAll(() => mkdirSync(SCREENS, { recursive: true }));

async function deleteByName(request: APIRequestContext, name: string) {
  const { graphs } = (await (await request.get('/api/graphs')).json()) as { graphs: { id: string; name: string }[] };
  for (const g of graphs.filter((x) => x.name === name)) {
    expect((await request.delete(`/api/graphs/${g.id}`)).status()).toBe(204);
  }
}

async function graphNames(request: APIRequestContext): Promise<string[]> {
  const { graphs } = (await (await request.get('/api/graphs')).json()) as { graphs: { name: string }[] };
  return graphs.map((g) => g.name);
}

const row = (page: Page, name: string) => page.locator(`[data-testid="graph-row"][data-graph-name="${name}"]`);

async function importThroughChooser(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('import-file-button').click();
  await (await chooser).setFiles(file);
}

test('a YAML file imported through the file chooser is listed and exports byte-for-byte', async ({ page, request }) => {
  await deleteByName(request, FIXTURE_NAME);
  await page.goto('/');
  await expect(page.getByTestId('graphs-page')).toBeVisible();

  await importThroughChooser(page, FIXTURE);
  await expect(page.getByTestId('toast')).toContainText(`Imported “${FIXTURE_NAME}”`);
  const r = row(page, FIXTURE_NAME);
  await expect(r).toBeVisible();
  await expect(r.getByTestId('graph-roles')).toHaveText('3 roles');
  await expect(r.getByTestId('graph-description')).toHaveText(/^Research a question with search/);
  await expect(r.getByTestId('graph-updated')).toHaveText('just now');

  const downloading = page.waitForEvent('download');
  await r.getByTestId('graph-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${FIXTURE_NAME}.yaml`);
  const exported = readFileSync(await download.path());
  expect(exported.equals(readFileSync(FIXTURE))).toBe(true);
});

test('importing a name that exists offers to replace it, which adds a version', async ({ page, request }) => {
  await deleteByName(request, FIXTURE_NAME);
  await page.goto('/');
  await importThroughChooser(page, FIXTURE);
  await expect(row(page, FIXTURE_NAME)).toBeVisible();

  await importThroughChooser(page, FIXTURE);
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog.getByTestId('import-message')).toContainText(`a graph named "${FIXTURE_NAME}" already exists`);
  await expect(dialog.getByTestId('import-file-name')).toHaveText('research-desk.yaml');
  await dialog.getByTestId('import-overwrite').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast').last()).toContainText(`Replaced “${FIXTURE_NAME}”`);
  const id = await row(page, FIXTURE_NAME).getAttribute('data-graph-id');
  const { versions } = await (await request.get(`/api/graphs/${id}/versions`)).json();
  expect(versions).toHaveLength(2);
});

test('pasted invalid YAML lists its errors with line and column, and nothing is saved', async ({ page, request }) => {
  await page.goto('/');
  await page.getByTestId('paste-yaml-button').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toBeVisible();

  await dialog.getByTestId('import-textarea').fill(readFileSync(INVALID, 'utf8'));
  await dialog.getByTestId('import-submit').click();
  const errors = dialog.getByTestId('import-error');
  await expect(errors).toHaveCount(1);
  await expect(errors.first()).toHaveAttribute('data-line', '9');
  await expect(errors.first()).toHaveAttribute('data-col', '25');
  await expect(errors.first()).toContainText('line 9, col 25');
  await expect(errors.first()).toContainText('unknown node "nowhere"');
  await expect(dialog.getByTestId('import-errors')).toContainText('nothing was imported');
  await dialog.screenshot({ path: `${SCREENS}/import-errors-light.png` });

  // Clicking an error selects its line in the text.
  await errors.first().getByRole('button').click();
  const selected = await dialog.getByTestId('import-textarea').evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd));
  expect(selected).toBe('  - { from: writer, to: nowhere }');

  // A YAML syntax error, placed too; editing the text clears the old errors.
  await dialog.getByTestId('import-textarea').fill('switchyard: 1\nname: broken\nnodes: {\n');
  await expect(errors).toHaveCount(0);
  await dialog.getByTestId('import-submit').click();
  await expect(errors.first()).toHaveAttribute('data-line', /\d+/);
  await expect(errors.first()).toContainText(/line \d+, col \d+/);

  // A value the schema refuses (the name) and a rule the graph breaks (the edge), listed together.
  await dialog.getByTestId('import-textarea').fill(readFileSync(INVALID, 'utf8').replace('name: broken-graph', 'name: -broken'));
  await dialog.getByTestId('import-submit').click();
  await expect(errors).toHaveCount(2);
  await expect(errors.nth(0)).toHaveAttribute('data-line', '2');
  await expect(errors.nth(0)).toContainText('name');
  await expect(errors.nth(1)).toHaveAttribute('data-line', '9');
  await expect(errors.nth(1)).toContainText('unknown node "nowhere"');

  expect(await graphNames(request)).not.toContain('broken-graph');
  expect(await graphNames(request)).not.toContain('-broken');
  expect(await graphNames(request)).not.toContain('broken');
  await dialog.getByTestId('dialog-close').click();
  await expect(dialog).toBeHidden();
});

test('a new blank graph opens in the editor; a graph is deleted after confirming', async ({ page, request }) => {
  await deleteByName(request, 'e2e-blank');
  await page.goto('/');
  await page.getByTestId('new-graph-button').click();
  const dialog = page.getByTestId('new-graph-dialog');
  await dialog.getByTestId('new-graph-name').fill('e2e-blank');
  await dialog.getByTestId('new-graph-description').fill('Made by the e2e test');
  await dialog.getByTestId('new-graph-submit').click();
  await expect(page).toHaveURL(/\/graphs\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const created = await (await request.get(`/api/graphs/${id}`)).json();
  expect(created).toMatchObject({ name: 'e2e-blank', description: 'Made by the e2e test' });
  expect(created.document.edges).toEqual([{ from: 'START', to: 'END' }]);

  await page.goto('/');
  const r = row(page, 'e2e-blank');
  await r.getByTestId('graph-delete').click();
  const confirm = page.getByTestId('delete-dialog');
  await expect(confirm).toContainText('Delete “e2e-blank”?');
  await confirm.getByTestId('delete-confirm').click();
  await expect(r).toHaveCount(0);
  expect((await request.get(`/api/graphs/${id}`)).status()).toBe(404);
});

test('the list in the light and the dark theme (screenshots); the choice persists', async ({ page, request }) => {
  await deleteByName(request, FIXTURE_NAME);
  await request.post('/api/graphs/import', { data: readFileSync(FIXTURE, 'utf8'), headers: { 'content-type': 'application/yaml' } });

  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(row(page, FIXTURE_NAME)).toBeVisible();
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await bg();
  await page.screenshot({ path: `${SCREENS}/list-light.png`, fullPage: true });

  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dark = await bg();
  expect(dark).not.toBe(light);
  await page.screenshot({ path: `${SCREENS}/list-dark.png`, fullPage: true });

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await bg()).toBe(dark);

  await page.getByTestId('new-graph-button').click();
  await expect(page.getByTestId('new-graph-dialog')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/new-graph-dark.png` });
});

test('with no saved choice the theme follows the OS preference', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByTestId('graphs-page')).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-current', 'dark');
  const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(dark).toBe('rgb(14, 17, 22)');
});

test('with no graphs the page shows an empty state that offers New and Import', async ({ page }) => {
  await page.route('**/api/graphs', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { graphs: [] } }) : route.continue(),
  );
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const empty = page.getByTestId('empty-state');
  await expect(empty).toContainText('No graphs yet');
  await expect(empty.getByTestId('new-graph-button')).toBeVisible();
  await expect(page.getByTestId('graph-list')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/empty-light.png` });
});
