/**
 * Guards from the inspector: add a PII check to an agent's input, run with an email in the input,
 * and see the redaction in the trace (masked, never the address itself) and in what the model got.
 * Uses the mock model server of playwright.config.ts (its greeting rule answers "hello").
 */
import { expect, test } from '@playwright/test';
import { blankHead, uniqueName } from './fixtures/graphs';
import { GraphsApi } from './pages/graphs-api';
import { EditorPage } from './pages/editor-page';

test.use({ viewport: { width: 1280, height: 720 } });

function agentYaml(name: string): string {
  return [
    ...blankHead(name),
    'nodes:',
    '  assistant: { role: agent, system_prompt: You are helpful. }',
    'edges:',
    '  - { from: START, to: assistant }',
    '  - { from: assistant, to: END }',
    'layout:',
    '  START: { x: 64, y: 0 }',
    '  assistant: { x: 0, y: 112 }',
    '  END: { x: 64, y: 288 }',
    '',
  ].join('\n');
}

test('a PII guard added in the inspector redacts the input; the trace shows the verdict masked', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const id = await api.importYaml(agentYaml(uniqueName('guards')));
  const ed = new EditorPage(page);
  await ed.open(id);
  await ed.showSidePanels();
  await ed.node('assistant').click();

  await page.getByTestId('field-guards-input-add').selectOption('pii');
  await expect(page.getByTestId('field-guards-input-0')).toContainText('pii');
  await page.getByTestId('field-guards-input-0-kinds-add').selectOption('email');
  await ed.expectSaved();

  await ed.panelTitle.click();
  await ed.expectPanelOpen(true);
  await ed.runInput.fill('hello, mail me at jane.doe@example.com');
  await page.getByTestId('run-button').click();
  await ed.expectRunFinished('succeeded');

  const verdict = page.locator('[data-testid="timeline-row"][data-kind="guard"]');
  await expect(verdict).toHaveCount(1);
  await expect(verdict.getByTestId('row-label')).toHaveText('guard input pii · redact: email j***@***.com');
  await expect(verdict).not.toContainText('jane.doe');

  // The model got the redacted text.
  const sent = await request.get(`http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 3901}/__mock/requests`);
  const bodies = JSON.stringify(((await sent.json()) as { requests: { body: unknown }[] }).requests.map((r) => r.body));
  expect(bodies).toContain('mail me at [REDACTED_EMAIL]');
  expect(bodies).not.toContain('jane.doe@example.com');
});
