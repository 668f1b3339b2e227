/**
 * Version history (/graphs/<id>/history): three saves are listed, version 1 is compared with the
 * current one line by line, and restoring it appends version 4 holding version 1's document.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';

type Doc = { nodes: Record<string, { label?: string }> } & Record<string, unknown>;
type Saved = { id: string; version: number; document: Doc };

async function saveEdit(request: APIRequestContext, id: string, doc: Doc, labels: Record<string, string>): Promise<Saved> {
  const next: Doc = structuredClone(doc);
  for (const [node, label] of Object.entries(labels)) next.nodes[node].label = label;
  const res = await request.put(`/api/graphs/${id}`, { data: { document: next } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Saved;
}

test('three saves are listed, version 1 is diffed against current and restored as version 4', async ({ page, request }) => {
  const created = await request.post('/api/graphs', { data: { template: 'writer-reviewer', name: `versions-e2e-${Date.now()}` } });
  expect(created.status(), await created.text()).toBe(201);
  const v1 = (await created.json()) as Saved;
  const v2 = await saveEdit(request, v1.id, v1.document, { writer: 'Drafter' });
  const v3 = await saveEdit(request, v1.id, v2.document, { writer: 'Author', reviewer: 'Critic' });
  expect(v3.version).toBe(3);

  await page.goto(`/graphs/${v1.id}/history`);
  const dialog = page.getByTestId('version-history');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-testid^="version-row-"]')).toHaveCount(3);
  await expect(page.getByTestId('version-row-3').getByTestId('version-current-badge')).toBeVisible();
  await expect(page.getByTestId('version-nodes-1')).toHaveText('2 nodes');

  await page.getByTestId('version-row-1').click();
  await expect(page.getByTestId('version-row-1')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('diff-title')).toHaveText('Version 1 → current (v3)');
  await expect(page.getByTestId('version-yaml')).toContainText('label: Writer');
  const diff = page.getByTestId('version-diff');
  const removed = diff.locator('[data-op="del"]');
  const added = diff.locator('[data-op="add"]');
  await expect(removed).toHaveCount(2);
  await expect(added).toHaveCount(2);
  await expect(removed.nth(0)).toContainText('label: Writer');
  await expect(added.nth(0)).toContainText('label: Author');
  await expect(removed.nth(1)).toContainText('label: Reviewer');
  await expect(added.nth(1)).toContainText('label: Critic');
  await expect(page.getByTestId('diff-stats')).toHaveText('+2 −2 lines');
  await expect(diff.getByTestId('diff-fold').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/versions-diff.png' });

  await page.getByTestId('version-restore').click();
  await expect(page.getByTestId('version-restore-confirm-bar')).toContainText('saved as version 4');
  await page.screenshot({ path: 'test-results/screens/versions-confirm.png' });
  await page.getByTestId('version-restore-confirm').click();

  await expect(dialog.locator('[data-testid^="version-row-"]')).toHaveCount(4);
  await expect(page.getByTestId('version-row-4').getByTestId('version-current-badge')).toBeVisible();
  await expect(page.getByTestId('version-restored')).toHaveText('Restored version 1 as version 4.');
  await expect(page.getByTestId('diff-stats')).toHaveText('No differences');
  await expect(page.getByTestId('version-restore')).toBeDisabled();
  await page.screenshot({ path: 'test-results/screens/versions-restored.png' });

  const now = (await (await request.get(`/api/graphs/${v1.id}`)).json()) as Saved;
  expect(now.version).toBe(4);
  expect(now.document).toEqual(v1.document);
  expect(now.document.nodes.writer.label).toBe('Writer');
});

test('a restore the server refuses (its old name now belongs to another graph) shows why and changes nothing', async ({ page, request }) => {
  const stamp = Date.now();
  const created = (await (await request.post('/api/graphs', { data: { template: 'writer-reviewer', name: `clash-${stamp}` } })).json()) as Saved;
  await saveEdit(request, created.id, { ...created.document, name: `clash-${stamp}-renamed` }, {});
  expect((await request.post('/api/graphs', { data: { template: 'writer-reviewer', name: `clash-${stamp}` } })).status()).toBe(201);

  await page.goto(`/graphs/${created.id}/history`);
  await page.getByTestId('version-row-1').click();
  await page.getByTestId('version-restore').click();
  await page.getByTestId('version-restore-confirm').click();
  const error = page.getByTestId('version-restore-error');
  await expect(error).toHaveAttribute('data-status', '409');
  await expect(error).toContainText(`Version 1 is named "clash-${stamp}"`);
  await expect(page.locator('[data-testid^="version-row-"]')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/screens/versions-conflict.png' });
});
