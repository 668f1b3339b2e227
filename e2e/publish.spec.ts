/**
 * Publish and share (issue 22, parts 2 and 3) in Chromium: publish version N from the header, edit
 * the graph (N+1); the public link, opened in a fresh browser context with no session, chats with
 * version N, as does /api/v1; the version history publishes N+1 and rolls back to N; the page's
 * frame-ancestors name the allow-listed site; with sharing off the link is a 404.
 * With PUBLISH_SCREENS=<dir>, review screenshots (1280×720 and 1440×900, light and dark) go there.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { EditorPage } from './pages/editor-page';

const MOCK = `http://127.0.0.1:${Number(process.env.E2E_MOCK_PORT ?? 3901)}`;
const SCREENS = process.env.PUBLISH_SCREENS;
// A site allowed to embed the chat.
const EMBEDDER = 'http://localhost:3991';

const doc = (name: string, n: string) => ({
  switchyard: 1,
  name,
  models: { default: { connection: 'default', model: 'gpt-4o-mini' } },
  nodes: { agent: { role: 'agent', strategy: 'tool_calling', system_prompt: `You are PUBLISH-E2E-${n}.` } },
  edges: [
    { from: 'START', to: 'agent' },
    { from: 'agent', to: 'END' },
  ],
});

async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENS) return;
  mkdirSync(SCREENS, { recursive: true });
  for (const [w, h] of [[1280, 720], [1440, 900]] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SCREENS}/${name}-${w}x${h}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.beforeAll(async ({ request }) => {
  const rules = ['ONE', 'TWO'].map((n) => ({ match: { systemContains: `PUBLISH-E2E-${n}` }, reply: { content: `Answer of **version ${n.toLowerCase()}**.` } }));
  expect((await request.post(`${MOCK}/__mock/script`, { data: { rules, mode: 'prepend' } })).ok()).toBe(true);
});

test('publish N, edit to N+1: the public page and /api/v1 answer with N; roll back; sharing off is a 404', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(300_000); // two browsers, an embedding site and a dozen model runs on a slow CI machine
  const name = `publish-e2e-${Date.now()}`;
  const created = await request.post('/api/graphs', { data: { document: doc(name, 'ONE') } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // Publish version 1 from the header, with a note.
  const ed = new EditorPage(page);
  await ed.open(id);
  await page.getByTestId('publish-open').click();
  await expect(page.getByTestId('publish-status')).toContainText('Not published');
  await page.getByTestId('publish-note').fill('first launch');
  await page.getByTestId('publish-submit').click();
  await expect(page.getByTestId('publish-status')).toContainText('Version 1 is live');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('publish-live-badge')).toHaveText('v1 live');

  // Edit: version 2 (what the editor runs from now on).
  expect((await request.put(`/api/graphs/${id}`, { data: { document: doc(name, 'TWO') } })).status()).toBe(200);

  // Share with anyone who has the link, welcome text, a suggestion, and one site that may embed it.
  await page.getByTestId('share-open').click();
  await page.getByTestId('share-access-link').check();
  await page.getByTestId('share-welcome').fill('Hi! I answer questions about **our shop**.');
  await page.getByTestId('share-suggestions').fill('What can you do?\nWhere is my order?');
  await page.getByTestId('share-origins').fill(EMBEDDER);
  await page.getByTestId('share-save').click();
  const link = page.getByTestId('share-link');
  await expect(link).toBeVisible();
  const url = (await link.textContent())!;
  expect(url).toMatch(new RegExp(`^${baseURL}/c/[A-Za-z0-9_-]{32}$`));
  await expect(page.getByTestId('share-embed-script')).toContainText(`${baseURL}/embed.js`);
  await shoot(page, 'share-panel');
  await page.keyboard.press('Escape');

  // A fresh browser (no cookies, no session) chats with version 1.
  const visitor = await browser.newContext();
  const pub = await visitor.newPage();
  await pub.goto(url);
  await expect(pub.getByTestId('public-chat-title')).toHaveText(name);
  await expect(pub.getByTestId('public-chat-welcome')).toContainText('our shop');
  await expect(pub.getByTestId('public-chat-welcome').locator('strong')).toHaveText('our shop');
  await pub.getByTestId('public-chat-suggestion').first().click();
  await expect(pub.getByTestId('public-chat-assistant').last()).toHaveText('Answer of version one.');
  await expect(pub.getByTestId('public-chat-assistant').last().locator('strong')).toHaveText('version one');
  await pub.getByTestId('public-chat-input').fill('And one more question?');
  await pub.getByTestId('public-chat-send').click();
  await expect(pub.getByTestId('public-chat-assistant')).toHaveCount(2);
  await shoot(pub, 'public-page');
  // The conversation is kept for this visitor across a reload.
  await pub.reload();
  await expect(pub.getByTestId('public-chat-user')).toHaveCount(2);

  const v1 = await request.post('/api/v1/chat/completions', { data: { model: name, messages: [{ role: 'user', content: 'hello' }] } });
  expect(((await v1.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe('Answer of **version one**.');

  // The history marks version 1 live; publish version 2, then roll back to 1.
  await page.getByTestId('version-history-open').click();
  await expect(page.getByTestId('version-row-1').getByTestId('version-live-badge')).toBeVisible();
  await page.getByTestId('version-row-2').click();
  await page.getByTestId('version-publish').click();
  await expect(page.getByTestId('version-row-2').getByTestId('version-live-badge')).toBeVisible();
  await pub.getByTestId('public-chat-input').fill('Which version now?');
  await pub.getByTestId('public-chat-send').click();
  await expect(pub.getByTestId('public-chat-assistant').last()).toHaveText('Answer of version two.');
  await page.getByTestId('version-row-1').click();
  await expect(page.getByTestId('version-publish')).toHaveText('Roll back live to version 1');
  await page.getByTestId('version-publish').click();
  await expect(page.getByTestId('version-row-1').getByTestId('version-live-badge')).toBeVisible();
  await pub.getByTestId('public-chat-input').fill('And now?');
  await pub.getByTestId('public-chat-send').click();
  await expect(pub.getByTestId('public-chat-assistant').last()).toHaveText('Answer of version one.');
  await page.keyboard.press('Escape');

  const token = url.split('/c/')[1]!;
  // The page may be framed by the allow-listed site only.
  expect((await visitor.request.get(url)).headers()['content-security-policy']).toBe(`frame-ancestors 'self' ${EMBEDDER}`);

  // Sharing off: the same link is a 404, for the page and its API.
  expect((await request.put(`/api/graphs/${id}/share`, { data: { access: 'off' } })).status()).toBe(200);
  const gone = await pub.goto(url);
  expect(gone?.status()).toBe(404);
  expect((await visitor.request.get(`${baseURL}/api/public/${token}`)).status()).toBe(404);
  await visitor.close();
});
