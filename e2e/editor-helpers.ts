/** Helpers of the editor e2e specs: graphs created through the API, canvas gestures, downloads. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

export const SCREENS = 'test-results/screens';

let seq = 0;
export function uniqueName(prefix: string): string {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}-${seq}`;
}

/** Imports YAML through the API; resolves to the new graph's id. */
export async function importYaml(request: APIRequestContext, yaml: string): Promise<string> {
  const res = await request.post('/api/graphs/import', { data: yaml, headers: { 'content-type': 'application/yaml' } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A graph with a default model, a calculator tool and only START -> END. */
export function blankYaml(name: string): string {
  return [
    'switchyard: 1',
    `name: ${name}`,
    'models:',
    '  default: { connection: default, model: gpt-4o-mini }',
    'tools:',
    '  calc: { type: calculator }',
    'nodes: {}',
    'edges:',
    '  - { from: START, to: END }',
    'layout:',
    '  START: { x: 0, y: 0 }',
    '  END: { x: 0, y: 480 }',
    '',
  ].join('\n');
}

/** writer -> reviewer with a conditional edge back to the writer, and START/END. */
export function loopYaml(name: string): string {
  return [
    'switchyard: 1',
    `name: ${name}`,
    'models:',
    '  default: { connection: default, model: gpt-4o-mini }',
    'state:',
    '  verdict: { type: string }',
    'nodes:',
    '  writer: { role: agent, system_prompt: Write it. }',
    '  reviewer: { role: agent, output: verdict }',
    'edges:',
    '  - { from: START, to: writer }',
    '  - { from: writer, to: reviewer }',
    '  - from: reviewer',
    '    branches:',
    `      - { when: 'state.verdict == "revise"', to: writer }`,
    '      - { else: END }',
    'layout:',
    '  START: { x: 64, y: 0 }',
    '  writer: { x: 0, y: 112 }',
    '  reviewer: { x: 0, y: 288 }',
    '  END: { x: 64, y: 464 }',
    '',
  ].join('\n');
}

export async function openEditor(page: Page, id: string): Promise<void> {
  await page.goto(`/graphs/${id}`);
  await expect(page.getByTestId('editor')).toBeVisible();
  await expect(page.getByTestId('node-START')).toBeVisible();
}

export async function centre(l: Locator): Promise<{ x: number; y: number }> {
  const b = await l.boundingBox();
  if (!b) throw new Error('element has no box');
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Drags from one handle to another with the mouse, as a person connects two nodes. */
export async function connect(page: Page, from: string, to: string): Promise<void> {
  const a = await centre(page.getByTestId(`handle-out-${from}`));
  const b = await centre(page.getByTestId(`handle-in-${to}`));
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

export function edgeLabel(page: Page, source: string, target: string): Locator {
  return page.locator(`[data-testid^="edge-label-"][data-source="${source}"][data-target="${target}"]`);
}

export function edge(page: Page, source: string, target: string): Locator {
  return page.getByRole('group', { name: `Edge from ${source} to ${target}` }).or(page.locator(`[aria-label="Edge from ${source} to ${target}"]`)).first();
}

export async function waitSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
}

export async function download(page: Page, click: () => Promise<void>): Promise<string> {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  const stream = await dl.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
}

export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const editor = page.getByTestId('editor');
  await expect(editor).toHaveAttribute('data-theme-mode', /light|dark/);
  if ((await editor.getAttribute('data-theme-mode')) !== theme) await page.getByTestId('theme-toggle').click();
  await expect(editor).toHaveAttribute('data-theme-mode', theme);
}

/** Waits until every node is inside the canvas (after a fit view, which animates). */
export async function expectAllInView(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const canvas = await page.getByTestId('canvas').boundingBox();
      const boxes = await page.locator('.react-flow__node').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
      if (!canvas) return false;
      return boxes.every((b) => b.left >= canvas.x - 1 && b.right <= canvas.x + canvas.width + 1 && b.top >= canvas.y - 1 && b.bottom <= canvas.y + canvas.height + 1);
    })
    .toBe(true);
}
