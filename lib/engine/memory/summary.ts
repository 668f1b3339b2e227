/**
 * Summary memory (`memory: { summary: { after: N } }`, seed 004's ConversationSummaryMemory): once
 * the conversation has more than `after` turns, the turns older than the verbatim window
 * (`memory.window`, else `after`) are folded into a running summary by a model call. Only turns the
 * summary does not cover yet are sent, with the summary so far. Pure: no I/O.
 */
import type { ChatMessage } from '../ports';
import { clip, transcript } from './turns';

export const MAX_SUMMARY_CHARS = 4000;
/** The most turns one summary call reads (older uncovered turns beyond this are left out). */
const MAX_TURNS_PER_CALL = 40;

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
  const to = Math.max(0, turns - keep);
  if (to <= covered) return undefined;
  return { from: Math.max(covered, to - MAX_TURNS_PER_CALL), to };
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
