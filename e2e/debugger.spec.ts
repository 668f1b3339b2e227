/**
 * The debugger for everyday use (issue 12): breakpoint toggles visible on every node without hover
 * (and in the inspector), a state edited at a breakpoint changes the run's result, and a rejected
 * human step ends the run `rejected` with its reason in the trace. Runs use the e2e server's mock model.
 */
import { expect, test } from '@playwright/test';
import { EditorPage } from './pages/editor-page';
import { GraphsApi } from './pages/graphs-api';
import { PauseCardPage } from './pages/pause-card';

const models = { default: { connection: 'default', model: 'gpt-4o-mini', temperature: 0 } };
const agent = (system_prompt: string) => ({ role: 'agent', strategy: 'tool_calling', system_prompt });

/** writer -> finish; the run's answer is the `note` channel (only a person's edit sets it). */
function noteGraph(name: string) {
  return {
    switchyard: 1,
    name,
    models,
    state: { note: { type: 'string' } },
    nodes: { writer: agent('Write one line.'), finish: agent('Say done.') },
    edges: [
      { from: 'START', to: 'writer' },
      { from: 'writer', to: 'finish' },
      { from: 'finish', to: 'END' },
    ],
    output: 'note',
  };
}

/** writer -> approve (human) -> publish. */
function approvalGraph(name: string) {
  return {
    switchyard: 1,
    name,
    models,
    nodes: { writer: agent('Write one line.'), approve: { role: 'human', prompt: 'Publish this?', kind: 'approval' }, publish: agent('Announce it.') },
    edges: [
      { from: 'START', to: 'writer' },
      { from: 'writer', to: 'approve' },
      { from: 'approve', to: 'publish' },
      { from: 'publish', to: 'END' },
    ],
  };
}

test('every node shows its breakpoint toggle without hover, and the inspector has the same breakpoint', async ({ page, request }) => {
  const editor = new EditorPage(page);
  await editor.open(await new GraphsApi(request).graphId('writer-reviewer'));
  await page.mouse.move(0, 0); // nothing hovered
  for (const id of ['writer', 'reviewer']) {
    const toggle = page.getByTestId(`breakpoint-${id}`);
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveCSS('opacity', '1');
    await expect(toggle).toHaveAttribute('aria-label', `Pause runs before ${id}`);
  }
  await editor.node('reviewer').click();
  const check = page.getByTestId('field-breakpoint');
  await expect(check).not.toBeChecked();
  await check.check();
  await expect(editor.node('reviewer')).toHaveAttribute('data-breakpoint', 'true');
  await expect(page.getByTestId('breakpoint-reviewer')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('breakpoint-reviewer').click();
  await expect(check).not.toBeChecked();
});

test('editing the state at a breakpoint changes the run’s result', async ({ page, request }) => {
  const api = new GraphsApi(request);
  const editor = new EditorPage(page);
  const pause = new PauseCardPage(page);
  await editor.open(await api.create(noteGraph(`debugger-edit-${Date.now()}`)));
  await page.getByTestId('breakpoint-finish').click();
  await editor.runFromHeader();
  await pause.expectPaused('breakpoint');
  // The decision comes first; the state is folded below it.
  await expect(pause.continueButton).toBeVisible();
  await expect(pause.stateDetails).not.toHaveAttribute('open', '');
  const state = await pause.readState();
  expect(state.note ?? null).toBeNull();

  await pause.editState({ ...state, note: 42 });
  await expect(pause.stateError).toContainText('state.note: channel "note" is string');
  await expect(pause.continueButton).toBeDisabled();

  await pause.editState({ ...state, note: 'Set by hand at the breakpoint' });
  await expect(pause.stateError).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/debugger-edit-state.png' });
  await pause.continueButton.click();
  await editor.expectRunFinished('succeeded');
  const runId = (await page.getByTestId('run-link').textContent())!.trim();
  const run = (await (await request.get(`/api/runs/${runId}`)).json()) as { run: { output: unknown }; events: Array<{ type: string; data: Record<string, unknown> }> };
  expect(run.run.output).toBe('Set by hand at the breakpoint');
  expect(run.events.find((e) => e.type === 'state.updated' && e.data.reason)?.data).toMatchObject({ reason: 'edited at breakpoint', changed: ['note'] });
  await expect(page.getByTestId('timeline-row').filter({ hasText: 'continued · state edited: note' })).toHaveCount(1);
});

test('rejecting a human step ends the run `rejected`, and the trace says why', async ({ page, request }) => {
  const editor = new EditorPage(page);
  const pause = new PauseCardPage(page);
  await editor.open(await new GraphsApi(request).create(approvalGraph(`debugger-reject-${Date.now()}`)));
  await editor.runFromHeader();
  await pause.expectPaused('human');
  await page.screenshot({ path: 'test-results/screens/debugger-human.png' });
  await pause.reject('Not ready to publish');
  await editor.expectRunFinished('rejected');
  await expect(editor.runStatus).toHaveAttribute('data-status', 'rejected');
  await expect(page.getByTestId('run-rejected')).toContainText('Rejected at "approve": Not ready to publish');
  await expect(page.getByTestId('timeline-row').filter({ hasText: 'rejected: Not ready to publish' })).toHaveCount(1);
  await expect(editor.node('publish')).not.toHaveAttribute('data-run-status', 'done');
  await page.screenshot({ path: 'test-results/screens/debugger-rejected.png' });
});
