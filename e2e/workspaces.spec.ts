/**
 * Workspaces in the browser (issue 21, item 1), on the server with accounts on: the admin makes two
 * workspaces in Settings › Workspaces and a member for each; alice, signed in, switches to her
 * workspace and sees her graph there; bob, signed in in another browser, sees only his workspace's
 * graphs, and alice's graph by its address is "No such graph" for him (its API answer a 404); then
 * alice, an editor of both, moves her graph to bob's workspace from the list's Move action.
 * Screenshots at 1280x720 under test-results/workspaces/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AUTH_BASE_URL } from './auth-server';

test.use({ baseURL: AUTH_BASE_URL, viewport: { width: 1280, height: 720 } });

const ADMIN = 'admin@example.com';
const PASSWORD = 'e2e admin password';
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/workspaces/${name}.png` });

async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
}

/** A same-origin API call with the page's session (mutations carry the Origin the server checks). */
async function api(request: APIRequestContext, method: string, path: string, data?: unknown) {
  const res = await request.fetch(path, { method, data, headers: { origin: AUTH_BASE_URL } });
  return { status: res.status(), body: res.headers()['content-type']?.includes('json') ? await res.json() : null };
}

test('two users in two workspaces see only their own graphs', async ({ page, browser }) => {
  test.setTimeout(180_000); // three browsers, two workspaces, a key and a move: a long story
  // The first admin (this server's database is fresh unless e2e/auth.spec.ts ran first and made them).
  await page.goto('/');
  if (/\/setup$/.test(page.url())) {
    await page.getByTestId('setup-email').fill(ADMIN);
    await page.getByTestId('setup-password').fill(PASSWORD);
    await page.getByTestId('setup-submit').click();
    await expect(page.getByTestId('graphs-page')).toBeVisible();
  } else await signIn(page, ADMIN);
  const suffix = Math.random().toString(36).slice(2, 7);
  const users: Record<string, string> = {};
  for (const who of ['alice', 'bob']) {
    const res = await api(page.request, 'POST', '/api/users', { email: `${who}-${suffix}@example.com`, password: PASSWORD, role: 'editor' });
    expect(res.status).toBe(201);
    users[who] = res.body.user.id;
  }

  // Settings › Workspaces: two workspaces, one member each (alice through the page, bob through the API).
  await page.goto('/settings');
  const section = page.getByTestId('workspaces-section');
  await expect(section).toBeVisible();
  for (const name of [`Team A ${suffix}`, `Team B ${suffix}`]) {
    await section.getByTestId('new-workspace-name').fill(name);
    await section.getByTestId('add-workspace').click();
    await expect(section.locator(`[data-testid="workspace-row"][data-name="${name}"]`)).toBeVisible();
  }
  const all = (await api(page.request, 'GET', '/api/workspaces')).body.workspaces as { id: string; name: string }[];
  const A = all.find((w) => w.name === `Team A ${suffix}`)!.id;
  const B = all.find((w) => w.name === `Team B ${suffix}`)!.id;
  await section.locator(`[data-testid="workspace-row"][data-name="Team A ${suffix}"]`).getByTestId('workspace-members-toggle').click();
  const members = section.locator(`[data-testid="workspace-members"][data-workspace="Team A ${suffix}"]`);
  await members.getByTestId('new-member').selectOption(users.alice);
  await members.getByTestId('new-member-role').selectOption('editor');
  await members.getByTestId('add-member').click();
  await expect(members.locator(`[data-testid="workspace-member"][data-email="alice-${suffix}@example.com"]`)).toBeVisible();
  expect((await api(page.request, 'PUT', `/api/workspaces/${B}/members/${users.bob}`, { role: 'editor' })).status).toBe(200);
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'settings-workspaces');

  // Alice: switches to Team A, makes a graph there, sees it in the list.
  const aliceContext = await browser.newContext({ viewport: { width: 1280, height: 720 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const alice = await aliceContext.newPage();
  await signIn(alice, `alice-${suffix}@example.com`);
  await alice.getByTestId('workspace-switcher').selectOption(A);
  const made = await api(alice.request, 'POST', '/api/graphs', { name: `alice-secret-${suffix}` });
  expect(made.status).toBe(201);
  expect(made.body.workspace_id).toBe(A); // the switcher's choice is where new graphs go
  await alice.goto('/');
  await expect(alice.getByTestId('workspace-switcher')).toHaveValue(A);
  await expect(alice.locator(`[data-testid="graph-row"][data-graph-name="alice-secret-${suffix}"]`)).toBeVisible();
  await shot(alice, 'alice-team-a');

  // Bob: in Team B, alice's graph is nowhere: not in the list, not at its address, not in the API.
  const bobContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const bob = await bobContext.newPage();
  await signIn(bob, `bob-${suffix}@example.com`);
  await bob.getByTestId('workspace-switcher').selectOption(B);
  expect((await api(bob.request, 'POST', '/api/graphs', { name: `bob-graph-${suffix}` })).status).toBe(201);
  await bob.goto('/');
  await expect(bob.locator(`[data-testid="graph-row"][data-graph-name="bob-graph-${suffix}"]`)).toBeVisible();
  await expect(bob.locator(`[data-testid="graph-row"][data-graph-name="alice-secret-${suffix}"]`)).toHaveCount(0);
  const switcherOptions = await bob.getByTestId('workspace-switcher').locator('option').allTextContents();
  expect(switcherOptions.some((o) => o.includes(`Team A ${suffix}`))).toBe(false);
  await shot(bob, 'bob-team-b');
  await bob.goto(`/graphs/${made.body.id}`);
  await expect(bob.getByTestId('graph-not-found')).toBeVisible();
  await shot(bob, 'bob-alice-graph-not-found');
  expect((await api(bob.request, 'GET', `/api/graphs/${made.body.id}`)).status).toBe(404);
  expect((await api(bob.request, 'GET', `/api/graphs?workspace=${A}`)).status).toBe(404);

  // Alice's API key acts in her current workspace (Team A): Settings names it, and the new key copies.
  await alice.goto('/settings');
  const keys = alice.getByTestId('keys-section');
  await keys.getByTestId('new-key-name').fill('laptop');
  await keys.getByTestId('create-key').click();
  const secret = await keys.getByTestId('new-key-secret').textContent();
  await keys.getByTestId('new-key-copy').click();
  await expect(keys.getByTestId('new-key-copy')).toHaveText('Copied');
  expect(await alice.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expect(keys.locator('[data-testid="key-row"][data-name="laptop"]').getByTestId('key-workspace')).toHaveText(`Team A ${suffix}`);
  await keys.scrollIntoViewIfNeeded();
  await shot(alice, 'keys-workspace');

  // Alice joins Team B as an editor too: she moves her graph there from the list's Move action.
  expect((await api(page.request, 'PUT', `/api/workspaces/${B}/members/${users.alice}`, { role: 'editor' })).status).toBe(200);
  await alice.goto('/');
  const aliceRow = alice.locator(`[data-testid="graph-row"][data-graph-name="alice-secret-${suffix}"]`);
  await aliceRow.getByTestId('graph-move').click();
  const dialog = alice.getByTestId('move-dialog');
  await dialog.getByTestId('move-target').selectOption(B);
  await shot(alice, 'move-dialog');
  await dialog.getByTestId('move-confirm').click();
  await expect(alice.getByText(`Moved “alice-secret-${suffix}” to Team B ${suffix}.`)).toBeVisible();
  await expect(aliceRow).toHaveCount(0);
  // Bob, in Team B, now finds it in his list and at its address.
  await bob.goto('/');
  await expect(bob.locator(`[data-testid="graph-row"][data-graph-name="alice-secret-${suffix}"]`)).toBeVisible();
  expect((await api(bob.request, 'GET', `/api/graphs/${made.body.id}`)).status).toBe(200);

  await aliceContext.close();
  await bobContext.close();
});
