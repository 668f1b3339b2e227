/**
 * Every example graph answers sensibly (issue 9) and docs-qa runs end to end (issue 10), from the
 * editor against the e2e server's mock model (its built-in scenarios, lib/llm/testing/scenarios.ts):
 * each examples/*.yaml is imported as a copy with its web lookups on local back ends, run from the
 * run panel (a person approves supervisor-team's report), and the run panel shows the answer a user
 * expects — writer-reviewer the approved draft (not the verdict), supervisor-team the report (not the
 * approval), mrkl-agent the computed answer, plan-execute the executor's final answer, docs-qa the
 * answer with its source (from the documentation, or from web search after self-reflection).
 */
import { expect, test } from '@playwright/test';
import { MRKL_FINAL_ANSWER, MRKL_QUESTION } from '../lib/llm/testing/scenarios/mrkl';
import { DOCS_HOST, startDocsQaServers, type DocsQaServers } from './fixtures/docs-qa-servers';
import { exampleNames, localExampleYaml, MOCK_ORIGIN } from './fixtures/examples';
import { EditorPage } from './pages/editor-page';
import { GraphsApi } from './pages/graphs-api';
import { PauseCardPage } from './pages/pause-card';

test.use({ viewport: { width: 1440, height: 900 } });

let docs: DocsQaServers;
test.beforeAll(async () => {
  docs = await startDocsQaServers();
});
test.afterAll(async () => {
  await docs?.close();
});
// The mock model plays its built-in scenarios only (another spec may have scripted it).
test.beforeEach(async ({ request }) => {
  expect((await request.post(`${MOCK_ORIGIN}/__mock/reset`)).ok()).toBe(true);
});

interface Case {
  input: string;
  /** Parts of the answer the run panel shows. */
  answer: () => string[];
  /** The run pauses at a human step whose shown value contains this; the person approves. */
  approves?: string;
  /** Trace rows of this node (model steps of a loop), at least this many. */
  rounds?: { node: string; count: number };
}

const CASES: Record<string, Case[]> = {
  'writer-reviewer': [{ input: 'the Rhine', answer: () => ['Draft 3: A short report on the Rhine. Revised 2 times.'], rounds: { node: 'writer', count: 3 } }],
  'supervisor-team': [
    { input: 'the Rhine', answer: () => ['Final answer (from researcher, writer): Draft 1: A short report on the Rhine.'], approves: 'Draft 1: A short report on the Rhine.' },
  ],
  'mrkl-agent': [{ input: MRKL_QUESTION, answer: () => [MRKL_FINAL_ANSWER] }],
  'plan-execute': [{ input: 'the Rhine', answer: () => ['Final answer:', 'Result of step 1: Gather the facts done.', 'Result of step 3: Write the summary done.'] }],
  'docs-qa': [
    { input: 'How do I install Switchyard?', answer: () => ['Switchyard needs Node.js 22 or later', `Source: the documentation (${docs.site.origin}/install)`] },
    { input: 'What is the weather on Mars?', answer: () => ['The documentation does not cover this.', 'Source: web search (https://weather.example.org/mars)'] },
  ],
};

test('every example graph has an expected answer here', () => {
  expect(exampleNames()).toEqual(Object.keys(CASES).sort());
});

for (const [example, cases] of Object.entries(CASES)) {
  for (const c of cases) {
    test(`${example} answers "${c.input.slice(0, 40)}" sensibly from the editor`, async ({ page, request }) => {
      const api = new GraphsApi(request);
      const id = await api.importYaml(localExampleYaml(example, { searchOrigin: docs.search.origin, docsHost: DOCS_HOST }));
      const ed = new EditorPage(page);
      await ed.open(id);
      await ed.panelTitle.click();
      await ed.expectPanelOpen(true);
      await ed.runInput.fill(c.input);
      await page.getByTestId('run-button').click();

      if (c.approves) {
        const pause = new PauseCardPage(page);
        await pause.expectPaused('human');
        await expect(pause.value).toContainText(c.approves);
        await pause.approve();
      }
      await ed.expectRunFinished('succeeded');
      await expect(page.getByTestId('run-failure')).toHaveCount(0);
      if (c.rounds) await expect(ed.traceRows(c.rounds.node)).toHaveCount(c.rounds.count);
      const output = await ed.runOutput();
      for (const part of c.answer()) await expect(output).toContainText(part);
    });
  }
}
