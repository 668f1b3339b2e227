/** Importing a name that exists offers "Import as copy" (saved as name-2) next to Replace. */
import { expect, test } from '@playwright/test';
import { loopYaml, uniqueName } from './fixtures/graphs';
import { EditorPage } from './pages/editor-page';

test('the graphs page imports a taken name as a copy, leaving the original alone', async ({ page, request }) => {
  const name = uniqueName('copy');
  const first = await request.post('/api/graphs/import', { data: loopYaml(name), headers: { 'content-type': 'application/yaml' } });
  expect(first.status()).toBe(201);
  const originalId = ((await first.json()) as { id: string }).id;

  await page.goto('/');
  await page.getByTestId('paste-yaml-button').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-textarea').fill(loopYaml(name));
  await dialog.getByTestId('import-submit').click();
  await expect(dialog.getByTestId('import-message')).toContainText('already exists');
  await expect(dialog.getByTestId('import-overwrite')).toBeVisible();
  await dialog.getByTestId('import-as-copy').click();
  await expect(dialog).toBeHidden();

  const { graphs } = (await (await request.get('/api/graphs')).json()) as { graphs: { id: string; name: string; version: number }[] };
  expect(graphs.find((g) => g.name === `${name}-2`)).toBeTruthy();
  expect(graphs.find((g) => g.id === originalId)).toMatchObject({ name, version: 1 });
});

test('the API imports as a copy with ?as_copy=true', async ({ request }) => {
  const name = uniqueName('apicopy');
  const post = (q = '') => request.post(`/api/graphs/import${q}`, { data: loopYaml(name), headers: { 'content-type': 'application/yaml' } });
  expect((await post()).status()).toBe(201);
  expect((await post()).status()).toBe(409);
  const copy = await post('?as_copy=true');
  expect(copy.status()).toBe(201);
  expect(await copy.json()).toMatchObject({ name: `${name}-2`, created: true, version: 1 });
});

test('the editor import dialog offers a copy when the name is taken', async ({ page, request }) => {
  const ed = new EditorPage(page);
  const name = uniqueName('edcopy');
  const res = await request.post('/api/graphs/import', { data: loopYaml(name), headers: { 'content-type': 'application/yaml' } });
  const id = ((await res.json()) as { id: string }).id;
  await ed.open(id);
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-text').fill(loopYaml(name));
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-conflict')).toBeVisible();
  await page.getByTestId('import-as-copy').click();
  await expect(page.getByTestId('graph-name')).toHaveValue(`${name}-2`);
});
