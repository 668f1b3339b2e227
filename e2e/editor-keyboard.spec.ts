/**
 * Keyboard only: add two nodes from the palette, connect them with the connect command (C), and
 * run with Ctrl+Enter. The skip link reaches the canvas; a focused node is selected with Enter.
 * Delete (or Backspace) removes the edge or node that has focus, selected or not.
 */
import { expect, test } from '@playwright/test';
import { blankYaml, loopYaml, uniqueName } from './fixtures/graphs';
import { GraphsApi } from './pages/graphs-api';
import { EditorPage } from './pages/editor-page';

test.use({ viewport: { width: 1280, height: 720 } });

test('add two nodes, connect them and run, with the keyboard only', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const id = await api.importYaml(blankYaml(uniqueName('keys')));
  const ed = new EditorPage(page);
  await ed.open(id);
  // Below 1440 px the palette starts folded: opened once (remembered), then a fresh page for the Tab order.
  await ed.showSidePanels();
  await page.reload();
  await expect(ed.node('START')).toBeVisible();

  // The skip link is the first stop of the Tab order.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-to-canvas')).toBeFocused();

  // Two agents from the palette (a palette button adds its role in the view and selects it).
  await page.getByTestId('palette-agent').focus();
  await page.keyboard.press('Enter');
  await expect(ed.node('agent')).toBeVisible();
  await ed.connectSelectedTo('END');
  await page.getByTestId('palette-agent').focus();
  await page.keyboard.press('Enter');
  await expect(ed.node('agent_2')).toBeVisible();
  // agent_2 -> agent; the target is selected afterwards, so commands chain.
  await ed.connectSelectedTo('agent');
  await expect(ed.edge('agent_2', 'agent')).toBeAttached();
  await expect(ed.edge('agent', 'END')).toBeAttached();

  // START -> agent_2: the skip link focuses the first node (START), Enter selects it.
  await page.getByTestId('skip-to-canvas').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.react-flow__node:focus')).toHaveAttribute('data-id', 'START');
  await page.keyboard.press('Enter');
  await expect(page.locator('.react-flow__node.selected')).toHaveAttribute('data-id', 'START');
  await ed.connectSelectedTo('agent_2');
  await expect(ed.edge('START', 'agent_2')).toBeAttached();

  await expect(page.getByTestId('error-count')).toHaveText('0');
  await ed.expectSaved();
  await page.keyboard.press('Control+Enter');
  await ed.expectPanelOpen(true);
  await ed.expectRunFinished();
  await expect(ed.traceRows('agent_2').first()).toBeVisible();
  await expect(ed.traceRows('agent').first()).toBeVisible();
});

test('Delete removes the focused edge, Backspace the focused node', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const id = await api.importYaml(loopYaml(uniqueName('keys-delete')));
  const ed = new EditorPage(page);
  await ed.open(id);
  await expect(ed.edge('writer', 'reviewer')).toBeAttached();
  await ed.edge('writer', 'reviewer').focus();
  await page.keyboard.press('Delete');
  await expect(ed.edge('writer', 'reviewer')).toHaveCount(0);
  await expect(ed.edge('START', 'writer')).toBeAttached(); // only the focused one
  await page.locator('.react-flow__node[data-id="reviewer"]').focus();
  await page.keyboard.press('Backspace');
  await expect(ed.node('reviewer')).toHaveCount(0);
  await expect(ed.node('writer')).toBeVisible();
});
