/** Building a graph on the canvas: drag roles from the palette, connect, branch, edit, reload. */
import { expect, test } from '@playwright/test';
import { blankYaml, loopYaml, uniqueName } from './fixtures/graphs';
import { EditorPage } from './pages/editor-page';
import { GraphsApi } from './pages/graphs-api';

test.use({ viewport: { width: 1440, height: 900 } });

test('drag three roles, connect them, add a conditional edge and a system prompt; all of it survives a reload', async ({ page, request }) => {
  const ed = new EditorPage(page);
  const api = new GraphsApi(request);
  const id = await api.importYaml(blankYaml(uniqueName('build')));
  await ed.open(id);
  await ed.showSidePanels();
  const canvas = page.getByTestId('canvas');
  const box = (await canvas.boundingBox())!;

  // The blank graph's START -> END edge goes first: click it and press Delete.
  await ed.edge('START', 'END').click({ force: true });
  await page.keyboard.press('Delete');
  await expect(ed.edge('START', 'END')).toHaveCount(0);

  // Three roles dragged from the palette (HTML5 drag and drop).
  await page.getByTestId('palette-agent').dragTo(canvas, { targetPosition: { x: box.width * 0.3, y: 170 } });
  await page.getByTestId('palette-router').dragTo(canvas, { targetPosition: { x: box.width * 0.3, y: 330 } });
  await page.getByTestId('palette-human').dragTo(canvas, { targetPosition: { x: box.width * 0.7, y: 330 } });
  await expect(page.getByTestId('node-agent')).toBeVisible();
  await expect(page.getByTestId('node-router')).toBeVisible();
  await expect(page.getByTestId('node-human')).toBeVisible();

  // Wire them: START -> agent -> router, router branches to human (Alt = conditional) and END.
  await ed.connect('START', 'agent');
  await ed.connect('agent', 'router');
  await page.keyboard.down('Alt');
  await ed.connect('router', 'human');
  await page.keyboard.up('Alt');
  await ed.connect('router', 'END');
  await ed.connect('human', 'END');
  await expect(ed.edge('START', 'agent')).toBeAttached();
  await expect(ed.edge('agent', 'router')).toBeAttached();

  // Branch 1: a condition typed in the inspector; branch 2 (added because router already branches) becomes else.
  const toHuman = ed.edgeLabel('router', 'human');
  await expect(toHuman.getByTestId('edge-order')).toHaveText('1');
  await toHuman.click();
  await page.getByTestId('edge-condition-input').fill('state.input == "approve"');
  await expect(toHuman.getByTestId('edge-condition')).toHaveText('state.input == "approve"');
  const toEnd = ed.edgeLabel('router', 'END');
  await expect(toEnd.getByTestId('edge-order')).toHaveText('2');
  await toEnd.click();
  await page.getByTestId('branch-else').check();
  await expect(toEnd.getByTestId('edge-order')).toHaveText('else');

  // A system prompt on the agent.
  await page.getByTestId('node-agent').click();
  await page.getByTestId('field-system_prompt').fill('You are a careful researcher.\nCite sources.');
  await expect(page.getByTestId('error-count')).toHaveText('0');
  await ed.expectSaved();

  await page.reload();
  await expect(page.getByTestId('node-agent')).toBeVisible();
  await expect(page.getByTestId('node-router')).toBeVisible();
  await expect(page.getByTestId('node-human')).toBeVisible();
  await expect(ed.edgeLabel('router', 'human').getByTestId('edge-condition')).toHaveText('state.input == "approve"');
  await expect(ed.edgeLabel('router', 'END').getByTestId('edge-order')).toHaveText('else');
  await expect(ed.edge('START', 'agent')).toBeAttached();
  await expect(ed.edge('human', 'END')).toBeAttached();
  await expect(ed.edge('START', 'END')).toHaveCount(0);
  await page.getByTestId('node-agent').click();
  await expect(page.getByTestId('field-system_prompt')).toHaveValue('You are a careful researcher.\nCite sources.');

  const saved = await (await request.get(`/api/graphs/${id}`)).json();
  expect(saved.document.nodes.agent.system_prompt).toBe('You are a careful researcher.\nCite sources.');
  expect(saved.document.edges).toContainEqual({ from: 'router', branches: [{ when: 'state.input == "approve"', to: 'human' }, { else: 'END' }] });
});

test('undo and redo a deletion, from the keyboard and the toolbar', async ({ page, request }) => {
  const ed = new EditorPage(page);
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('undo')));
  await ed.open(id);
  await page.getByTestId('node-reviewer').click();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('node-reviewer')).toHaveCount(0);
  await expect(ed.edge('writer', 'reviewer')).toHaveCount(0);

  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('node-reviewer')).toBeVisible();
  await expect(ed.edge('writer', 'reviewer')).toBeAttached();
  await expect(ed.edgeLabel('reviewer', 'writer').getByTestId('edge-order')).toHaveText('1');

  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('node-reviewer')).toHaveCount(0);
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('node-reviewer')).toBeVisible();
  await page.getByTestId('redo').click();
  await expect(page.getByTestId('node-reviewer')).toHaveCount(0);
});

test('copy, paste and duplicate give new ids next to the originals', async ({ page, request }) => {
  const ed = new EditorPage(page);
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('clip')));
  await ed.open(id);
  await page.getByTestId('node-writer').click();
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(page.getByTestId('node-writer_2')).toBeVisible();
  await page.keyboard.press('Control+d');
  await expect(page.getByTestId('node-writer_3')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('node-writer_3')).toHaveCount(0);
});

test('a failed save says so, keeps the edit across a reload, and retry saves it', async ({ page, request }) => {
  const ed = new EditorPage(page);
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('failsave')));
  await page.route(`**/api/graphs/${id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'disk full' } }) })
      : route.continue(),
  );
  await ed.open(id);
  await page.getByTestId('node-writer').click();
  await page.getByTestId('field-system_prompt').fill('Edited while the server fails.');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'error');
  await expect(page.getByTestId('save-state')).toContainText('disk full');

  page.on('dialog', (d) => void d.accept());
  await page.reload();
  await expect(page.getByTestId('draft-restored')).toBeVisible();
  await page.getByTestId('node-writer').click();
  await expect(page.getByTestId('field-system_prompt')).toHaveValue('Edited while the server fails.');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'error');

  await page.unroute(`**/api/graphs/${id}`);
  await page.getByTestId('save-retry').click();
  await ed.expectSaved();
  const saved = await (await request.get(`/api/graphs/${id}`)).json();
  expect(saved.document.nodes.writer.system_prompt).toBe('Edited while the server fails.');
});

test('the shortcuts overlay opens with ? and closes with Escape; auto-layout is one undo step', async ({ page, request }) => {
  const ed = new EditorPage(page);
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('help')).replace('writer: { x: 0, y: 112 }', 'writer: { x: 480, y: 640 }'));
  await ed.open(id);
  await page.getByTestId('canvas').click({ position: { x: 20, y: 20 } });
  await page.keyboard.press('?');
  await expect(page.getByTestId('help-overlay')).toBeVisible();
  await expect(page.getByTestId('help-overlay')).toContainText('Undo');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('help-overlay')).toHaveCount(0);

  const before = await page.getByTestId('rf__node-writer').getAttribute('style');
  await page.getByTestId('auto-layout').click();
  await expect.poll(() => page.getByTestId('rf__node-writer').getAttribute('style')).not.toBe(before);
  await page.keyboard.press('Control+z');
  await expect.poll(() => page.getByTestId('rf__node-writer').getAttribute('style')).toBe(before);
});
