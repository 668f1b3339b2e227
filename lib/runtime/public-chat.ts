/**
 * The public chat's turns (issue 22, part 3): a visitor's message runs the graph's published version
 * (lib/runtime/published.ts) as a run with source `public` in the visitor's conversation, and the
 * visitor gets back the answer's text only. Nothing else of the run leaves this module: no trace,
 * prompt, tool argument, connection name or error message; a run that did not answer is one
 * generic outcome. Editors see these runs (and their traces) in the graph's runs, marked `public`.
 */
import 'server-only';
import { getStore, type GraphRow } from '@/db/store';
import type { PublicTurn } from '@/lib/contracts/publishing';
import { outputText } from './openai/run-reply';
import { outsideVersion } from './published';
import { startRun, waitForRun } from './run-manager';

/** The conversation of one visitor (the id in their cookie) with one graph. */
export const visitorConversation = (visitorId: string): string => `public-${visitorId}`;

export type PublicOutcome = { kind: 'reply'; text: string } | { kind: 'failed' };

/** Texts a visitor may see when the run did not simply answer (never the run's own words about why). */
export const PUBLIC_TEXT = {
  paused: 'This assistant needs a person to look at your request before it can answer. Please try again later.',
  rejected: 'Sorry, this request cannot be answered.',
  failed: 'Sorry, something went wrong. Please try again.',
  slowDown: 'You are sending messages a little fast. Please wait a moment and try again.',
  unavailable: 'This chat is unavailable right now. Please try again later.',
} as const;

/** Runs one visitor turn to its end and says what the visitor may see of it. */
export async function publicTurn(graph: GraphRow, visitorId: string, message: string): Promise<PublicOutcome> {
  const version = await outsideVersion(graph);
  let runId: string;
  try {
    runId = (await startRun(graph.id, { input: message, source: 'public', conversationId: visitorConversation(visitorId), version })).id;
  } catch (err) {
    console.error(`[switchyard] public chat of graph ${graph.id}: the run did not start:`, err);
    return { kind: 'failed' };
  }
  await waitForRun(runId);
  const run = await getStore().runs.get(runId);
  switch (run?.status) {
    case 'succeeded': {
      const text = outputText(run.output).trim();
      return text ? { kind: 'reply', text } : { kind: 'failed' };
    }
    case 'paused':
    case 'interrupted':
      return { kind: 'reply', text: PUBLIC_TEXT.paused };
    case 'rejected':
      return { kind: 'reply', text: PUBLIC_TEXT.rejected };
    default:
      return { kind: 'failed' };
  }
}

/** The visitor's earlier turns with the graph (the text of each question and answer only). */
export async function publicTurns(graph: GraphRow, visitorId: string): Promise<PublicTurn[]> {
  const turns = await getStore().memory.turns(visitorConversation(visitorId), graph.id);
  return turns.flatMap((t): PublicTurn[] => [
    { role: 'user', content: t.input },
    { role: 'assistant', content: outputText(t.output ?? '') },
  ]);
}

/** True when the graph's public runs have spent its daily cap (USD since midnight UTC). */
export async function overDailyCap(graphId: string, capUsd: number | null, now = new Date()): Promise<boolean> {
  if (capUsd == null) return false;
  if (capUsd <= 0) return true;
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return (await getStore().shares.publicSpend(graphId, midnight)) >= capUsd;
}
