/**
 * /docs against a production build: it renders every section and role, every table-of-contents
 * link targets an element on the page, the header's Docs link gets there, and the editor's help
 * overlay links to it. Screenshots (light, dark) in test-results/screens/docs-*.png.
 */
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const SCREENS = 'test-results/screens';
const ROLES = ['agent', 'planner', 'executor', 'supervisor', 'tool', 'router', 'human', 'subgraph', 'map'];

test.beforeAll(() => mkdirSync(SCREENS, { recursive: true }));

test('the docs page renders its sections, roles and the verbatim ReAct template', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByTestId('docs-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
  for (const id of ['getting-started', 'roles', 'edges', 'strategies', 'tools', 'state', 'yaml', 'traces', 'api']) {
    await expect(page.getByTestId(`docs-section-${id}`)).toBeVisible();
  }
  await expect(page.getByTestId('docs-role')).toHaveCount(ROLES.length);
  for (const role of ROLES) await expect(page.locator(`[data-testid="docs-role"][data-role="${role}"]`)).toBeVisible();
  await expect(page.getByTestId('docs-role-fields-supervisor')).toContainText('workers');
  await expect(page.getByTestId('docs-react-template')).toContainText('Thought: {transcript}');
  await expect(page.getByTestId('docs-openai-snippet')).toContainText('/api/v1');
  await expect(page.getByTestId('docs-event-types')).toContainText('run.interrupted');
  await expect(page.getByTestId('docs-examples')).toContainText('writer-reviewer');
  await expect(page.getByTestId('docs-yaml-example')).toContainText('state.verdict.lowerAscii().startsWith("revise")');
});

test('every table-of-contents link targets a section on the page', async ({ page }) => {
  await page.goto('/docs');
  const hrefs = await page.getByTestId('docs-toc').locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(30);
  const missing = await page.evaluate((list) => list.filter((h) => !h.startsWith('#') || !document.getElementById(h.slice(1))), hrefs);
  expect(missing).toEqual([]);
  // clicking one scrolls its target into view
  await page.getByTestId('docs-toc').getByRole('link', { name: 'LLM routers' }).click();
  await expect(page).toHaveURL(/#llm-routers$/);
  await expect(page.locator('#llm-routers')).toBeInViewport();
});

test('the header Docs link opens the docs and is marked current', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('app-header').getByRole('link', { name: 'Docs' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByTestId('docs-page')).toBeVisible();
  await expect(page.getByTestId('app-header').getByRole('link', { name: 'Docs' })).toHaveAttribute('aria-current', 'page');
});

test('the editor help overlay links to the docs', async ({ page, request }) => {
  const res = await request.post('/api/graphs', { data: { name: `docs-help-${Date.now()}` } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/graphs/${id}`);
  await page.getByTestId('help-open').click();
  await expect(page.getByTestId('help-docs-link')).toHaveAttribute('href', '/docs');
  await request.delete(`/api/graphs/${id}`);
});

test('screenshots, light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto('/docs');
  await expect(page.getByTestId('docs-page')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/docs-light.png` });
  await page.goto('/docs#roles');
  await expect(page.locator('#role-agent')).toBeInViewport();
  await page.screenshot({ path: `${SCREENS}/docs-roles-light.png` });
  await page.goto('/docs#cel');
  await expect(page.getByTestId('docs-cel-edge')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/docs-cel-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/docs');
  await page.screenshot({ path: `${SCREENS}/docs-dark.png` });
  await page.goto('/docs#yaml');
  await expect(page.getByTestId('docs-yaml-example')).toBeInViewport();
  await page.screenshot({ path: `${SCREENS}/docs-yaml-dark.png` });
  await page.goto('/docs#role-agent');
  await page.screenshot({ path: `${SCREENS}/docs-roles-dark.png` });
  await page.goto('/docs#react');
  await page.screenshot({ path: `${SCREENS}/docs-react-dark.png` });
  await page.goto('/docs#openai-api');
  await page.screenshot({ path: `${SCREENS}/docs-api-dark.png` });
});
