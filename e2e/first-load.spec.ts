/**
 * Issue 12's first-load budget, on the production build: the editor page's HTML loads at most 250 kB
 * of gzipped JS, and neither it, the graph list nor the 404 page carries the schema library (zod) in
 * its first load: the browser imports the contracts' types only, and schemas come with the panels that
 * need them (validation worker, node forms, run panel). Pages that show schemas (docs, a run's trace,
 * settings) may load it. A size of the build, not a time: the same build always gives the same answer.
 */
import { expect, test } from '@playwright/test';
import { firstLoadJs } from './fixtures/first-load';
import { loopYaml, uniqueName } from './fixtures/graphs';
import { GraphsApi } from './pages/graphs-api';

const BUDGET_BYTES = 250 * 1024;
const ZOD = /ZodError|\$ZodType/;

test('the editor loads at most 250 kB of gzipped JS first, and neither it, the graph list nor the 404 loads zod first', async ({ request, baseURL }) => {
  const id = await new GraphsApi(request).importYaml(loopYaml(uniqueName('first-load')));
  const editor = await firstLoadJs(`${baseURL}/graphs/${id}`);
  const kb = (b: number) => `${(b / 1024).toFixed(1)} kB`;
  test.info().annotations.push({ type: 'first-load', description: `editor ${kb(editor.total)} in ${editor.scripts.length} scripts` });
  expect(editor.total, `editor first load ${kb(editor.total)}`).toBeLessThanOrEqual(BUDGET_BYTES);

  for (const path of [`/graphs/${id}`, '/', '/no-such-page']) {
    const { scripts } = await firstLoadJs(`${baseURL}${path}`);
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(scripts.filter((s) => ZOD.test(s.body)).map((s) => s.src), `zod in the first load of ${path}`).toEqual([]);
  }
});
