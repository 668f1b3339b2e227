/** Small screens: palette, inspector and minimap fold away, and stay as left after a reload. */
import { expect, test } from '@playwright/test';
import { loopYaml, uniqueName } from './fixtures/graphs';
import { GraphsApi } from './pages/graphs-api';
import { EditorPage } from './pages/editor-page';

test.use({ viewport: { width: 1280, height: 720 } });

test('folding the palette and the inspector gives the canvas room and survives a reload', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('fold')));
  const ed = new EditorPage(page);
  await ed.open(id);
  // Below 1440 px they start folded; opened, they are remembered as open.
  await expect(ed.palette).toHaveAttribute('data-collapsed', 'true');
  await expect(ed.inspector).toHaveAttribute('data-collapsed', 'true');
  await ed.showSidePanels();
  await page.reload();
  await expect(ed.node('START')).toBeVisible();
  await expect(ed.palette).toHaveAttribute('data-collapsed', 'false');
  await expect(ed.inspector).toHaveAttribute('data-collapsed', 'false');
  const wide = (await ed.canvas.boundingBox())!.width;

  await page.getByTestId('toggle-palette').click();
  await page.getByTestId('toggle-inspector').click();
  await expect(ed.palette).toHaveAttribute('data-collapsed', 'true');
  await expect(ed.inspector).toHaveAttribute('data-collapsed', 'true');
  await expect(page.getByTestId('palette-agent')).toBeHidden();
  await expect(page.getByTestId('toggle-palette')).toHaveAttribute('aria-label', 'Show the palette');
  await expect.poll(async () => (await ed.canvas.boundingBox())!.width).toBeGreaterThan(wide + 400);

  await page.getByTestId('toggle-minimap').click();
  await expect(page.locator('.react-flow__minimap')).toHaveCount(0);

  await page.reload();
  await expect(ed.node('START')).toBeVisible();
  await expect(ed.palette).toHaveAttribute('data-collapsed', 'true');
  await expect(ed.inspector).toHaveAttribute('data-collapsed', 'true');
  await expect(page.locator('.react-flow__minimap')).toHaveCount(0);

  await page.getByTestId('toggle-palette').click();
  await page.getByTestId('toggle-minimap').click();
  await expect(page.getByTestId('palette-agent')).toBeVisible();
  await expect(page.locator('.react-flow__minimap')).toHaveCount(1);
});

test('the YAML view leaves the palette readable', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('yaml-width')));
  const ed = new EditorPage(page);
  await ed.open(id);
  await ed.showSidePanels();
  await page.getByTestId('toggle-yaml').click();
  await expect(page.getByTestId('yaml-editor')).toContainText('switchyard: 1');
  await expect(page.getByTestId('palette-agent')).toContainText('Agent');
  expect((await ed.palette.boundingBox())!.width).toBeGreaterThan(180);
});

test('zoomed far out, cards keep their titles and drop the small print; zoomed back in, it returns', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('far-zoom')));
  const ed = new EditorPage(page);
  await ed.open(id);
  const zoom = async () => Number((await page.locator('.react-flow__viewport').getAttribute('style'))?.match(/scale\(([\d.]+)\)/)?.[1]);
  const sub = ed.node('writer').locator('.sy-node-sub');
  const label = page.locator('.sy-edge-label').first();
  await expect(sub).toBeVisible();
  await expect(label).toBeVisible();
  const cardSize = () => ed.node('writer').evaluate((el) => `${(el as HTMLElement).offsetWidth}x${(el as HTMLElement).offsetHeight}`);
  const size = await cardSize();

  while ((await zoom()) >= 0.25) await page.locator('.react-flow__controls-zoomout').click();
  await expect(ed.canvas).toHaveClass(/is-far/);
  await expect(page.getByTestId('node-title-writer')).toBeVisible();
  await expect(sub).toBeHidden();
  await expect(label).toBeHidden();
  await expect(ed.node('writer').locator('.sy-handle').first()).toBeHidden();
  // Hidden, not removed: the card keeps its size, so edges keep their ends.
  expect(await cardSize()).toBe(size);

  while ((await zoom()) < 0.25) await page.locator('.react-flow__controls-zoomin').click();
  await expect(ed.canvas).not.toHaveClass(/is-far/);
  await expect(sub).toBeVisible();
  await expect(label).toBeVisible();
});
