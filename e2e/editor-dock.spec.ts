/** The split between the canvas and the run panel: drag to resize, remembered (and the panel's open state), double-click resets. */
import { expect, test } from '@playwright/test';
import { loopYaml, uniqueName } from './fixtures/graphs';
import { EditorPage } from './pages/editor-page';
import { GraphsApi } from './pages/graphs-api';

test.use({ viewport: { width: 1280, height: 720 } });

test('the run panel is resized with its handle, keeps its height across a reload, and double-click resets it', async ({ page, request }) => {
  const ed = new EditorPage(page);
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('dock')));
  await ed.open(id);
  const handle = page.getByTestId('dock-resize');
  await expect(handle).toBeHidden(); // only while the panel is open
  await page.getByTestId('toggle-panel').click();
  await expect(handle).toBeVisible();

  const panelHeight = async () => (await page.getByTestId('debug-panel').boundingBox())!.height;
  const canvasHeight = async () => (await page.getByTestId('canvas').boundingBox())!.height;
  const before = { panel: await panelHeight(), canvas: await canvasHeight() };
  // At 1280×720 the open panel takes what the canvas can give: the canvas keeps its 300 px.
  expect(before.canvas).toBeGreaterThanOrEqual(299);
  const h = (await handle.boundingBox())!;
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(h.x + h.width / 2, h.y + 120, { steps: 6 });
  await page.mouse.up();
  await expect.poll(panelHeight).toBeLessThan(before.panel - 100);
  expect(await canvasHeight()).toBeGreaterThan(before.canvas + 100);
  const dragged = await panelHeight();

  await page.reload();
  await expect(page.getByTestId('node-START')).toBeVisible();
  // The panel was left open: it is open again after the reload, at the dragged height.
  await expect(page.getByTestId('debug-panel')).toHaveAttribute('data-open', 'true');
  await expect.poll(async () => Math.abs((await panelHeight()) - dragged)).toBeLessThan(4);

  // The canvas keeps 300 px however far the handle goes.
  await page.getByTestId('dock-resize').focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowUp');
  await expect.poll(panelHeight).toBeGreaterThan(dragged + 100);
  expect(await canvasHeight()).toBeGreaterThanOrEqual(299);

  await page.getByTestId('dock-resize').dblclick();
  await expect.poll(async () => Math.abs((await panelHeight()) - before.panel)).toBeLessThan(4);
});
