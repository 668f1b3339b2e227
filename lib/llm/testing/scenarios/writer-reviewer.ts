/**
 * A writer/reviewer loop: the writer writes "Draft N: ...", the reviewer answers exactly `revise`
 * for drafts 1 and 2 and `approve` from draft 3 on. The reviewer is recognised by a system prompt
 * naming both verdicts ("approve" and "revise"), the writer by one saying write/writer. N is read from the conversation (the highest
 * "Draft N" seen, or the number of `revise` verdicts), never from server state, so a rerun of the
 * same graph gets the same replies.
 */
import { systemText, textOf } from '../conversation';
import type { MockChatRequest, MockRule } from '../mock-types';

const DRAFTS_BEFORE_APPROVAL = 3;

/** How many drafts the conversation shows were already written. */
function draftsSoFar(req: MockChatRequest): number {
  let highest = 0;
  let revises = 0;
  for (const m of req.messages) {
    const text = textOf(m);
    for (const match of text.matchAll(/\bDraft (\d+)\b/g)) highest = Math.max(highest, Number(match[1]));
    if (m.role !== 'system' && text.trim().toLowerCase() === 'revise') revises++;
  }
  return Math.max(highest, revises);
}

/** The topic: the first user message that is not a draft or a verdict. */
function topic(req: MockChatRequest): string {
  const first = req.messages.find((m) => m.role === 'user' && !/\bDraft \d+\b/.test(textOf(m)) && !/^(revise|approve)$/i.test(textOf(m).trim()));
  return (first ? textOf(first) : 'the topic').trim().split('\n')[0].slice(0, 200);
}

export const writerReviewerRules: MockRule[] = [
  {
    name: 'reviewer',
    // The reviewer is the one told its verdict words (the writer's prompt may mention "reviewer" too).
    match: (req) => /\bapprove\b/i.test(systemText(req)) && /\brevise\b/i.test(systemText(req)),
    reply: (req) => ({ content: draftsSoFar(req) >= DRAFTS_BEFORE_APPROVAL ? 'approve' : 'revise' }),
  },
  {
    name: 'writer',
    match: (req) => /\bwrit(er|e|ing)\b/i.test(systemText(req)),
    reply: (req) => {
      const n = draftsSoFar(req) + 1;
      return { content: `Draft ${n}: A short report on ${topic(req)}.${n > 1 ? ` Revised ${n - 1} time${n > 2 ? 's' : ''}.` : ''}`, chunkSize: 12 };
    },
  },
];
