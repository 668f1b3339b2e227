/**
 * Summary memory (`memory: { summary: { after: N } }`, seed 004's ConversationSummaryMemory): once
 * the conversation has more than `after` turns, the turns older than the verbatim window
 * (`memory.window`, else `after`) are folded into a running summary by a model call. Only turns the
 * summary does not cover yet are sent, with the summary so far.
 *
 * No turn is ever dropped: every earlier turn is either covered by the summary or in the prompt
 * verbatim. So the window only trims turns the summary already covers; until the summary is due
 * (or when its call failed, or a long history is caught up on over several calls) the uncovered
 * turns stay in the prompt, whatever `window` and `after` are. Pure: no I/O.
 */
import type { ChatMessage } from '../ports';
import { clip, transcript } from './turns';

export const MAX_SUMMARY_CHARS = 4000;
/** The most turns one summary call reads (the newer uncovered turns wait for the next call, verbatim meanwhile). */
export const MAX_TURNS_PER_CALL = 40;

export interface SummaryPlan {
  /** Turn index range [from, to) to fold into the summary. */
  from: number;
  to: number;
}

/**
 * Which turns to summarize now, or undefined: `turns` turns in all, `covered` already summarized,
 * `after` the threshold, `keep` the verbatim tail.
 */
export function summaryPlan(turns: number, covered: number, after: number, keep: number): SummaryPlan | undefined {
  if (turns <= after) return undefined;
  const to = Math.min(Math.max(0, turns - keep), covered + MAX_TURNS_PER_CALL);
  if (to <= covered) return undefined;
  return { from: covered, to };
}

/**
 * How many of the latest `turns` go into the prompt verbatim when the summary covers the first
 * `covered` (0 without a summary): every turn it does not cover, and at least the current one.
 */
export function verbatimTurns(turns: number, covered: number): number {
  return Math.max(Math.min(turns, 1), turns - covered);
}

export function summaryPrompt(previous: string | undefined, turns: readonly ChatMessage[][]): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You keep a running summary of a conversation between a user and an assistant. Merge the new lines into the summary so far. ' +
        'Keep names, facts, decisions and open questions; drop small talk. Answer with the summary only, at most 200 words.',
    },
    {
      role: 'user',
      content: `Summary so far:\n${previous?.trim() || '(none)'}\n\nNew lines of the conversation:\n${transcript(turns)}\n\nNew summary:`,
    },
  ];
}

/** The model's reply as a summary (trimmed, bounded), or undefined when it is empty. */
export function readSummary(reply: string | null): string | undefined {
  const text = (reply ?? '').trim();
  return text ? clip(text, MAX_SUMMARY_CHARS) : undefined;
}
