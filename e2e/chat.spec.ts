/**
 * The Chat tab of the run panel (issue 22, part 1), against the production build and the mock model
 * server: a two-turn chat whose second answer depends on the first (the mock's request log shows
 * the first turn in the second request), markdown rendered safely, the conversation listed under its
 * first message, a turn's trace opened from its bubble, and a human step approved inside the chat.
 * Review screenshots of the tab mid-conversation go to screens/ (1280×720 and 1440×900, light and dark).
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { approvalYaml, uniqueName } from './fixtures/graphs';
import { ChatTab } from './pages/chat-tab';
import { EditorPage } from './pages/editor-page';
import { GraphsApi } from './pages/graphs-api';

const MOCK = `http://127.0.0.1:${Number(process.env.E2E_MOCK_PORT ?? 3901)}`;
const SCREENS = 'screens';

function chatYaml(name: string, system: string): string {
  return [
    'switchyard: 1',
    `name: ${name}`,
    'models:',
    '  default: { connection: default, model: gpt-4o-mini }',
    'nodes:',
    `  assistant: { role: agent, strategy: tool_calling, system_prompt: "${system}" }`,
    'edges:',
    '  - { from: START, to: assistant }',
    '  - { from: assistant, to: END }',
    '',
  ].join('\n');
}

test.afterEach(async ({ request }) => {
  await request.post(`${MOCK}/__mock/reset`);
});

test('a two-turn chat: the second answer depends on the first, and a bubble opens its trace', async ({ page, request }) => {
  const system = `You are the chat bot ${uniqueName('sys')}.`;
  const script = await request.post(`${MOCK}/__mock/script`, {
    data: {
      mode: 'prepend',
      rules: [
        // Answers the name only when the first turn is in the request (the history reached the model).
        { name: 'knows', match: { systemContains: system, lastUserContains: 'what is my name', anyMessageContains: 'My name is Ada' }, reply: { content: 'Your name is **Ada**, as you told me.', chunkSize: 4, delayMs: 30 } },
        { name: 'forgot', match: { systemContains: system, lastUserContains: 'what is my name' }, reply: { content: 'I do not know your name.' } },
        {
          name: 'greet',
          match: { systemContains: system },
          reply: { content: 'Nice to meet you, Ada! Read [the guide](https://example.com/guide).\n\n<img src=x onerror="window.__xss=1">\n\n- one\n- two', chunkSize: 6, delayMs: 20 },
        },
      ],
    },
  });
  expect(script.ok()).toBe(true);
  const api = new GraphsApi(request);
  const id = await api.importYaml(chatYaml(uniqueName('chat'), system));
  await page.setViewportSize({ width: 1280, height: 720 });
  const ed = new EditorPage(page);
  await ed.open(id);
  const chat = new ChatTab(page);
  await chat.open();

  await chat.send('My name is Ada');
  const first = await chat.answer(0);
  await expect(first).toContainText('Nice to meet you, Ada!');
  // Markdown, safely: a list and a link that opens in a new tab without the opener; the raw HTML is not rendered.
  await expect(first.locator('li')).toHaveText(['one', 'two']);
  const link = first.getByRole('link', { name: 'the guide' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(first.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  // The conversation is listed under its first message.
  await expect(chat.conversations).toHaveCount(1);
  await expect(chat.conversations.first()).toContainText('My name is Ada');

  await chat.send('What is my name?');
  const second = await chat.answer(1);
  await expect(second).toContainText('Your name is Ada, as you told me.');
  await expect(second.locator('strong')).toHaveText('Ada');

  // The mock's request log: the second turn's request carried the first turn (question and answer) before the new question.
  const log = (await (await request.get(`${MOCK}/__mock/requests`)).json()) as { requests: { path: string; body: { messages: { role: string; content: unknown }[] } }[] };
  const mine = log.requests.filter((r) => r.path === '/v1/chat/completions' && r.body.messages.some((m) => String(m.content).includes(system)));
  expect(mine).toHaveLength(2);
  const history = mine[1]!.body.messages.map((m) => `${m.role}: ${String(m.content)}`);
  expect(history.slice(-3)).toEqual(['user: My name is Ada', expect.stringMatching(/^assistant: Nice to meet you, Ada!/), 'user: What is my name?']);

  // Review screenshots of the tab mid-conversation (screens/, not committed).
  mkdirSync(SCREENS, { recursive: true });
  for (const [w, h] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const theme of ['light', 'dark'] as const) {
      await ed.setTheme(theme);
      await page.screenshot({ path: `${SCREENS}/chat-${w}x${h}-${theme}.png` });
    }
  }
  await ed.setTheme('light');

  // The bubble's Trace opens that turn's run in the Trace tab.
  const runId = await second.getAttribute('data-run-id');
  await second.getByTestId('chat-open-trace').click();
  await expect(page.getByTestId('tab-trace')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('run-link')).toHaveText(runId!);
  await expect(page.getByTestId('run-status')).toHaveText('succeeded');
  await expect(page.getByTestId('trace-body')).toContainText('assistant');

  // Back in the chat, the conversation is still there (stored), and a reload keeps it.
  await page.reload();
  await chat.open();
  await expect(chat.answers).toHaveCount(2);
  await expect(chat.answers.nth(1)).toContainText('Your name is Ada');
});

test('a human step pauses inside the chat and is approved from the bubble', async ({ page, request }) => {
  const script = await request.post(`${MOCK}/__mock/script`, {
    data: {
      mode: 'prepend',
      rules: [
        { name: 'draft', match: { systemContains: 'Write one line.' }, reply: { content: 'Draft: chat is live.' } },
        { name: 'announce', match: { systemContains: 'Announce it.' }, reply: { content: 'Published: chat is live.' } },
      ],
    },
  });
  expect(script.ok()).toBe(true);
  const api = new GraphsApi(request);
  const id = await api.importYaml(approvalYaml(uniqueName('chat-approval')));
  const ed = new EditorPage(page);
  await ed.open(id);
  const chat = new ChatTab(page);
  await chat.open();
  await chat.send('Announce the chat');
  const bubble = await chat.answer(0, 'paused');
  await expect(bubble.getByTestId('chat-pause')).toContainText('Publish this?');
  await bubble.getByTestId('chat-approve').click();
  await expect(bubble).toHaveAttribute('data-state', 'succeeded', { timeout: 20_000 });
  await expect(bubble).toContainText('Published: chat is live.');
  await expect(bubble.getByTestId('chat-pause')).toHaveCount(0);
});
