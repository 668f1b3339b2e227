/**
 * Summary memory never drops a turn (issue 20, item 5): for window 1..3 × after 1..3, several turns
 * of one conversation through HTTP (`conversation_id`), the real engine and the mock model; each
 * turn's prompt holds every earlier turn verbatim or in the summary it carries. The mock summarizer
 * keeps everything it is given (summary so far + new lines), so a covered turn stays findable.
 */
import { describe, expect, it } from 'vitest';
import type { MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { MockChatRequest } from '@/lib/llm/testing/mock-types';
import type { Harness } from './testing/harness';
import { withMockHarness } from './testing/mock-harness';
import { agentGraph } from './testing/graphs';

let mock: MockOpenAI;
let h: Harness;

withMockHarness((started) => ({ mock, h } = started));

const SYSTEM = 'You chat with the user.';
const SUMMARY_NOTE = 'Summary of the earlier conversation:';
const TURNS = 5;

const text = (req: MockChatRequest, i: number) => String(req.messages[i]?.content ?? '');

function script() {
  mock.script([
    {
      name: 'summary',
      match: { systemContains: 'running summary' },
      reply: (req) => {
        const m = /Summary so far:\n([\s\S]*?)\n\nNew lines of the conversation:\n([\s\S]*?)\n\nNew summary:/.exec(text(req, 1));
        if (!m) return { content: 'unreadable summary request' };
        return { content: [m[1] === '(none)' ? '' : m[1], m[2]].filter(Boolean).join('\n') };
      },
    },
    // The chat node answers "answer N" to "question N".
    { name: 'chat', match: { systemContains: SYSTEM }, reply: (req) => ({ content: text(req, req.messages.length - 1).replace('question', 'answer') }) },
  ]);
}

function lastChatPrompt(): MockChatRequest['messages'] {
  return mock.chatRequests().filter((r) => text(r, 0).includes(SYSTEM)).at(-1)!.messages;
}

describe('summary memory keeps every turn (HTTP, mock model)', () => {
  for (const window of [1, 2, 3]) {
    for (const after of [1, 2, 3]) {
      it(`window ${window}, after ${after}: each earlier turn is in the prompt verbatim or in its summary`, async () => {
        script();
        const graphId = await h.createGraph(agentGraph(`memory-w${window}-a${after}`, { agent: { system_prompt: SYSTEM, memory: { window, summary: { after } } } }));
        const conversation = `conv-w${window}-a${after}`;
        let summarized = false;
        for (let n = 1; n <= TURNS; n++) {
          await h.say(graphId, conversation, `question ${n}`);
          const prompt = lastChatPrompt();
          const lines = prompt.map((m) => `${m.role}: ${String(m.content)}`);
          const summary = lines.find((l) => l.startsWith(`system: ${SUMMARY_NOTE}`)) ?? '';
          summarized ||= summary !== '';
          expect(lines.at(-1)).toBe(`user: question ${n}`);
          for (let i = 1; i < n; i++) {
            const verbatim = lines.includes(`user: question ${i}`) && lines.includes(`assistant: answer ${i}`);
            const covered = summary.includes(`User: question ${i}\n`) && summary.includes(`Assistant: answer ${i}`);
            expect(verbatim || covered, `turn ${n}: turn ${i} is neither in the prompt nor in its summary\n${lines.join('\n')}`).toBe(true);
            expect(verbatim && covered, `turn ${n}: turn ${i} is both verbatim and summarized`).toBe(false);
          }
        }
        // The window still trims once the summary is due: the last turn's prompt holds `window` turns verbatim.
        expect(lastChatPrompt().filter((m) => m.role === 'user' && String(m.content).startsWith('question')).length).toBe(window);
        expect(summarized, 'the summary was never due in this table row').toBe(true);
      });
    }
  }
});
