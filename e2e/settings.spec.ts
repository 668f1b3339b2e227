/**
 * Settings against a production build and the mock OpenAI server: the env `default` connection is
 * read-only and its Test lists the mock's models; a saved connection to the mock tests fine; API
 * validation errors sit next to their fields; a bad URL gives a clear "unreachable"; edit and
 * delete; the key typed once never reaches the page again. Screenshots (light, dark) in
 * test-results/screens/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const SCREENS = 'test-results/screens';
const MOCK_ORIGIN = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 3901}`;
const MOCK_URL = `${MOCK_ORIGIN}/v1`;
const SECRET_KEY = 'sk-e2e-very-secret-key-7f3a9c';
const SECRET_HEADER = 'hdr-secret-value-41d2';
const DEAD_URL = 'http://127.0.0.1:9/v1'; // the discard port: nothing listens

test.beforeAll(() => mkdirSync(SCREENS, { recursive: true }));

async function cleanup(request: APIRequestContext) {
  for (const name of ['e2e-mock', 'e2e-dead']) {
    const status = (await request.delete(`/api/connections/${name}`)).status();
    expect([204, 404]).toContain(status);
  }
}

const row = (page: Page, name: string) => page.locator(`[data-testid="connection-row"][data-name="${name}"]`);

async function fillForm(page: Page, f: { name?: string; url?: string; key?: string }) {
  const dialog = page.getByTestId('connection-dialog');
  if (f.name !== undefined) await dialog.getByTestId('connection-name').fill(f.name);
  if (f.url !== undefined) await dialog.getByTestId('connection-base-url').fill(f.url);
  if (f.key !== undefined) await dialog.getByTestId('connection-api-key').fill(f.key);
}

async function expectNoSecrets(page: Page, request: APIRequestContext) {
  const html = await page.content();
  expect(html).not.toContain(SECRET_KEY);
  expect(html).not.toContain(SECRET_HEADER);
  const api = await (await request.get('/api/connections')).text();
  expect(api).not.toContain(SECRET_KEY);
  expect(api).not.toContain(SECRET_HEADER);
}

test.beforeEach(async ({ request }) => cleanup(request));
test.afterAll(async ({ request }) => cleanup(request));

test('the env default is read-only and its Test lists the mock models', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('app-header').getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('app-header').getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');

  const def = row(page, 'default');
  await expect(def.getByTestId('connection-source')).toHaveText('env · read-only');
  await expect(def.getByTestId('connection-url')).toHaveText(MOCK_URL);
  await expect(def.getByTestId('connection-key-hint')).toHaveText('sk-…test');
  await expect(def.getByTestId('connection-edit')).toHaveCount(0);
  await expect(def.getByTestId('connection-delete')).toHaveCount(0);

  await def.getByTestId('connection-test').click();
  await expect(def.getByTestId('test-ok')).toContainText('Connected — 2 models');
  await expect(def.getByTestId('test-model')).toHaveText(['mock-model', 'gpt-4o-mini']);
});

test('add, test, validate, fail clearly, edit and delete; the key is never shown again', async ({ page, request }) => {
  await page.goto('/settings');
  await expect(row(page, 'default')).toBeVisible();

  // Add a connection to the mock, with a key and an extra header.
  await page.getByTestId('add-connection').click();
  const dialog = page.getByTestId('connection-dialog');
  await expect(dialog.getByTestId('connection-api-key')).toHaveAttribute('type', 'password');
  await fillForm(page, { name: 'e2e-mock', url: MOCK_URL, key: SECRET_KEY });
  await dialog.getByTestId('header-add').click();
  await dialog.getByTestId('header-name').fill('X-E2E');
  await dialog.getByTestId('header-value').fill(SECRET_HEADER);
  await dialog.getByTestId('connection-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Added “e2e-mock”');

  const mock = row(page, 'e2e-mock');
  await expect(mock.getByTestId('connection-source')).toHaveText('saved');
  await expect(mock.getByTestId('connection-key-hint')).toHaveText(`sk-…${SECRET_KEY.slice(-4)}`);
  await expect(mock.getByTestId('connection-headers')).toHaveText('X-E2E');
  await mock.getByTestId('connection-test').click();
  await expect(mock.getByTestId('test-model')).toHaveText(['mock-model', 'gpt-4o-mini']);
  await expectNoSecrets(page, request);

  // Invalid input: the API's messages appear next to the fields they are about.
  await page.getByTestId('add-connection').click();
  await fillForm(page, { name: 'has space', url: 'ftp://example.com/v1' });
  await dialog.getByTestId('connection-save').click();
  await expect(dialog.getByTestId('error-name')).toHaveText(/^Name must start with a letter/);
  await expect(dialog.getByTestId('error-base_url')).toHaveText('Base URL must be an http:// or https:// URL without credentials.');
  await expect(dialog.getByTestId('connection-name')).toHaveAttribute('aria-invalid', 'true');
  await dialog.screenshot({ path: `${SCREENS}/settings-validation-light.png` });

  // A name already taken goes to the name field too.
  await fillForm(page, { name: 'e2e-mock', url: DEAD_URL });
  await dialog.getByTestId('connection-save').click();
  await expect(dialog.getByTestId('error-name')).toHaveText(/already exists/);
  await expect(dialog.getByTestId('error-base_url')).toHaveCount(0);

  // A well-formed URL where nothing listens: saved, and its Test says why it fails.
  await fillForm(page, { name: 'e2e-dead' });
  await dialog.getByTestId('connection-save').click();
  await expect(dialog).toBeHidden();
  const dead = row(page, 'e2e-dead');
  await expect(dead.getByTestId('connection-key-hint')).toHaveText('none');
  await dead.getByTestId('connection-test').click();
  await expect(dead.getByTestId('test-error')).toHaveAttribute('data-code', 'unreachable');
  await expect(dead.getByTestId('test-error')).toContainText('Unreachable');
  await expect(dead.getByTestId('test-error-message')).toHaveText(
    /^Could not connect to http:\/\/127\.0\.0\.1:9\/v1\/models( \(ECONNREFUSED\))?\. Is the server running and the URL right\?$/,
  );

  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `${SCREENS}/settings-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SCREENS}/settings-dark.png`, fullPage: true });

  // Edit: drop /v1 from the mock's URL, keeping the key: the Test says it is not OpenAI-compatible.
  await mock.getByTestId('connection-edit').click();
  await expect(dialog.getByTestId('connection-name')).toHaveValue('e2e-mock');
  await expect(dialog.getByTestId('connection-api-key')).toHaveValue('');
  await expect(dialog.getByTestId('header-name')).toHaveValue('X-E2E');
  await expect(dialog.getByTestId('header-value')).toHaveValue('');
  await dialog.screenshot({ path: `${SCREENS}/settings-edit-dark.png` });
  await fillForm(page, { url: MOCK_ORIGIN });
  await dialog.getByTestId('connection-save').click();
  await expect(dialog).toBeHidden();
  await expect(mock.getByTestId('connection-url')).toHaveText(MOCK_ORIGIN);
  await expect(mock.getByTestId('connection-key-hint')).toHaveText(`sk-…${SECRET_KEY.slice(-4)}`);
  await mock.getByTestId('connection-test').click();
  await expect(mock.getByTestId('test-error')).toHaveAttribute('data-code', 'not_openai_compatible');
  await expect(mock.getByTestId('test-error-message')).toContainText('Check that the base URL ends in /v1.');

  // Delete, with a confirmation.
  await dead.getByTestId('connection-delete').click();
  const confirm = page.getByTestId('delete-connection-dialog');
  await expect(confirm).toContainText('Delete “e2e-dead”?');
  await confirm.getByTestId('delete-connection-confirm').click();
  await expect(confirm).toBeHidden();
  await expect(dead).toHaveCount(0);
  await expect(page.getByTestId('toast').last()).toContainText('Deleted “e2e-dead”');

  // The key typed once is nowhere: not in the page, not after a reload, not in the API.
  await expectNoSecrets(page, request);
  await page.reload();
  await expect(row(page, 'e2e-mock')).toBeVisible();
  await expectNoSecrets(page, request);
});
