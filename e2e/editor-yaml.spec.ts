/** YAML both ways: export and re-import, the split view in sync, errors at their line, CEL errors on edges. */
import { expect, test } from '@playwright/test';
import { loopYaml, uniqueName } from './fixtures/graphs';
import { EditorPage } from './pages/editor-page';
import { GraphsApi } from './pages/graphs-api';

test.use({ viewport: { width: 1440, height: 900 } });

test('export, re-import under a new name, and the exported YAML is the same but for the name', async ({ page, request }) => {
  const ed = new EditorPage(page);
  const api = new GraphsApi(request);
  const name = uniqueName('export');
  const id = await api.importYaml(loopYaml(name));
  await ed.open(id);
  const first = await ed.download(() => page.getByTestId('export-yaml').click());
  expect(first).toContain(`name: ${name}\n`);
  expect(first).toContain('state.verdict == "revise"');

  const copy = uniqueName('reimported');
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-text').fill(first);
  await page.getByTestId('import-name').fill(copy);
  await page.getByTestId('import-submit').click();
  await expect(page).not.toHaveURL(new RegExp(`/graphs/${id}$`));
  await expect(page.getByTestId('graph-name')).toHaveValue(copy);
  const second = await ed.download(() => page.getByTestId('export-yaml').click());
  expect(second).toBe(first.replace(`name: ${name}\n`, `name: ${copy}\n`));
});

test('a bad import shows its errors with line numbers and creates nothing', async ({ page, request }) => {
  const ed = new EditorPage(page);
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('badimport')));
  await ed.open(id);
  const before = (await (await request.get('/api/graphs')).json()).graphs.length;
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-text').fill('switchyard: 1\nname: x\nnodes:\n  a: { role: wizard }\nedges: []\n');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-errors')).toContainText('Line 4');
  await expect(page.getByTestId('import-errors')).toContainText('wizard');
  expect((await (await request.get('/api/graphs')).json()).graphs.length).toBe(before);
});

test('an invalid condition is shown on its edge as you type, and the graph is not saved until it is fixed', async ({ page, request }) => {
  const ed = new EditorPage(page);
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('cel')));
  await ed.open(id);
  const branch = ed.edgeLabel('reviewer', 'writer');
  await branch.click();
  await page.getByTestId('edge-condition-input').fill('state.verdict == ');
  await expect(branch.getByTestId('edge-error')).toBeVisible();
  await expect(branch.getByTestId('edge-error')).not.toBeEmpty();
  await expect(page.getByTestId('edge-condition-input-cel-error')).toBeVisible();
  await expect(page.getByTestId('problem').filter({ hasText: 'CEL' })).toHaveCount(1);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'draft');
  const stored = await (await request.get(`/api/graphs/${id}`)).json();
  expect(JSON.stringify(stored.document)).toContain('state.verdict == \\"revise\\"');

  // Clicking the problem selects the edge; fixing the condition clears the error and saves.
  await page.getByTestId('problem').filter({ hasText: 'CEL' }).click();
  await page.getByTestId('edge-condition-input').fill('state.verdict != "ok"');
  await expect(branch.getByTestId('edge-error')).toHaveCount(0);
  await ed.expectSaved();
  const fixed = await (await request.get(`/api/graphs/${id}`)).json();
  expect(fixed.document.edges[2].branches[0].when).toBe('state.verdict != "ok"');
});

test('the YAML split view: canvas edits show up, broken YAML is marked at its line while the canvas keeps the last valid graph, the fix updates the canvas', async ({ page, request }) => {
  const ed = new EditorPage(page);
  const api = new GraphsApi(request);
  const name = uniqueName('split');
  const id = await api.importYaml(loopYaml(name));
  await ed.open(id);
  await page.getByTestId('toggle-yaml').click();
  const editor = page.getByTestId('yaml-editor').locator('.cm-content');
  await expect(editor).toContainText(`name: ${name}`);

  // Canvas -> YAML.
  await page.getByTestId('node-writer').click();
  await page.getByTestId('field-system_prompt').fill('Write a haiku.');
  await expect(editor).toContainText('system_prompt: Write a haiku.');

  // YAML -> errors at their line; the canvas keeps the last valid graph.
  const good = await (await request.get(`/api/graphs/${id}/export`)).text();
  const lines = loopYaml(name).split('\n');
  const broken = [...lines.slice(0, 7), '  writer: { role: agent, system_prompt: Write it. ', ...lines.slice(8)].join('\n');
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await editor.fill(broken);
  await expect(page.getByTestId('yaml-error').first()).toBeVisible();
  const errLine = Number(await page.getByTestId('yaml-error').first().getAttribute('data-line'));
  expect(errLine).toBeGreaterThanOrEqual(8);
  expect(errLine).toBeLessThanOrEqual(10);
  await expect(page.locator('.cm-lint-marker-error').first()).toBeVisible();
  await expect(page.getByTestId('node-writer')).toBeVisible();
  await expect(page.getByTestId('node-reviewer')).toBeVisible();

  // The fix: a valid document with the reviewer renamed to critic; the canvas follows.
  const fixed = lines.join('\n').replaceAll('reviewer', 'critic');
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await editor.fill(fixed);
  await expect(page.getByTestId('yaml-error')).toHaveCount(0);
  await expect(page.getByTestId('node-critic')).toBeVisible();
  await expect(page.getByTestId('node-reviewer')).toHaveCount(0);
  await expect(ed.edgeLabel('critic', 'writer')).toBeVisible();
  await ed.expectSaved();
  const saved = await (await request.get(`/api/graphs/${id}`)).json();
  expect(Object.keys(saved.document.nodes)).toEqual(['writer', 'critic']);
  expect(good).toContain('reviewer');
});

test('a .yaml file dropped on the canvas opens the import dialog with its text and imports it as a new graph', async ({ page, request }) => {
  const ed = new EditorPage(page);
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('dropbase')));
  await ed.open(id);
  const dropped = uniqueName('dropped');
  const dt = await page.evaluateHandle((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'graph.yaml', { type: 'application/yaml' }));
    return data;
  }, loopYaml(dropped));
  await page.getByTestId('canvas').dispatchEvent('dragover', { dataTransfer: dt });
  await page.getByTestId('canvas').dispatchEvent('drop', { dataTransfer: dt });
  await expect(page.getByTestId('import-dialog')).toBeVisible();
  await expect(page.getByTestId('import-text')).toHaveValue(new RegExp(`name: ${dropped}`));
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('graph-name')).toHaveValue(dropped);
  await expect(page.getByTestId('node-writer')).toBeVisible();
});
