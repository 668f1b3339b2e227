/**
 * The injection judge (lib/engine/guards/injection-prompt.ts) as the mock plays it: recognised by
 * its versioned system prompt, it rates the text between the markers. Known jailbreak phrasings
 * score 0.97, anything else 0.03; `[[judge-garbage]]` gets a reply that is not a judgement (the
 * guard must fail closed on it).
 */
import { lastUserText } from '../conversation';
import type { MockChatRequest, MockRule } from '../mock-types';

export const JUDGE_MARKER = 'injection-judge/v1';

/** Phrasings of well-known jailbreaks (the DAN prompt, "ignore previous instructions", prompt leaks). */
const JAILBREAKS = [
  /ignore (all |any )?(the )?(previous|prior|above) instructions/i,
  /\bDAN\b.*\bdo anything now\b/i,
  /developer mode/i,
  /(reveal|print|show) (me )?(your|the) system prompt/i,
];

function judged(req: MockChatRequest): string {
  const text = /<<<BEGIN TEXT>>>\n([\s\S]*)\n<<<END TEXT>>>/.exec(lastUserText(req))?.[1] ?? '';
  if (text.includes('[[judge-garbage]]')) return 'I would rather not say.';
  const attack = JAILBREAKS.some((re) => re.test(text));
  return JSON.stringify(attack ? { score: 0.97, reason: 'asks the assistant to ignore its instructions' } : { score: 0.03, reason: 'an ordinary request' });
}

export const guardJudgeRules: MockRule[] = [{ name: 'injection-judge', match: { systemContains: JUDGE_MARKER }, reply: (req) => ({ content: judged(req) }) }];
