/**
 * Versions that mean something (issue 12 item 4): dragging a node moves the layout of the current
 * version (no new version); "Save version" with a note adds one, and the history shows the note.
 */
import { expect, test } from '@playwright/test';
import { EditorPage } from './pages/editor-page';

test('a layout drag adds no version; "Save version" with a note does', async ({ page, request }) => {
  const created = await request.post('/api/graphs', { data: { template: 'writer-reviewer', name: `versions-meaning-${Date.now()}` } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const count = async () => ((await (await request.get(`/api/graphs/${id}/versions`)).json()) as { versions: unknown[] }).versions.length;
  const ed = new EditorPage(page);
  await ed.open(id);

  const box = (await ed.node('writer').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 8 });
  await page.mouse.up();
  await ed.expectSaved();
  await expect.poll(async () => ((await (await request.get(`/api/graphs/${id}`)).json()) as { document: { layout?: Record<string, { x: number }> } }).document.layout?.writer?.x).not.toBe(undefined);
  expect(await count()).toBe(1);

  await page.getByTestId('save-version-open').click();
  await page.getByTestId('save-version-note').fill('moved the writer');
  await page.getByTestId('save-version-submit').click();
  await expect(page.getByTestId('save-version-dialog')).toBeHidden();
  await expect.poll(count).toBe(2);

  await page.getByTestId('version-history-open').click();
  await expect(page.getByTestId('version-note-2')).toHaveText('moved the writer');
});
