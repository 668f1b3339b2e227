/**
 * What a finished, paused or failed run says to an OpenAI client: the assistant text and usage.
 */
import type { RunRow } from '@/db/runs';
import { getStore } from '@/db/store';
import { failedRunError, OpenAIApiError } from './errors';

/** The text of a run's output: strings as they are, a message's content, else pretty JSON. */
export function outputText(output: unknown): string {
  if (output == null) return '';
  if (typeof output === 'string') return output;
  if (typeof output === 'object' && !Array.isArray(output)) {
    const content = (output as { content?: unknown }).content;
    if (typeof content === 'string') return content;
  }
  return JSON.stringify(output, null, 2);
}

export interface RunReply {
  text: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

/** A run's usage in OpenAI's shape (the three token counts; the run's cost and call counts stay ours). */
export function openaiUsage(run: RunRow): RunReply['usage'] {
  const u = run.usage;
  return { prompt_tokens: u?.prompt_tokens ?? 0, completion_tokens: u?.completion_tokens ?? 0, total_tokens: u?.total_tokens ?? 0 };
}

/** The reply for a run that is no longer executing; throws an OpenAI-shaped error for a failed run. */
export async function runReply(run: RunRow): Promise<RunReply> {
  const usage = openaiUsage(run);
  switch (run.status) {
    case 'succeeded':
      return { text: outputText(run.output), usage };
    case 'paused':
    case 'interrupted': {
      const interrupt = (await getStore().checkpoints.latest(run.id))?.interrupt;
      const where = interrupt ? ` at node "${interrupt.node}"` : '';
      const prompt = interrupt?.prompt ? `: ${interrupt.prompt}` : '';
      const what = run.status === 'paused' ? `is awaiting approval${where}${prompt}` : 'was interrupted by a server restart';
      return {
        text: `Run ${run.id} ${what}. Resume it with POST /api/runs/${run.id}/resume and a body such as {"value":{"action":"approve"}} (run id: ${run.id}).`,
        usage,
      };
    }
    case 'rejected':
      // A person's decision, not an error: the answer says so, with the reason (run.error.message).
      return { text: `The request was rejected. ${run.error?.message ?? ''}`.trim(), usage };
    case 'cancelled':
      throw new OpenAIApiError('run_cancelled', `Run ${run.id} was cancelled.`);
    case 'failed':
      // 5xx server_error (429 for a model rate limit), marked not to be retried (errors.ts).
      throw failedRunError(run);
    default:
      throw new OpenAIApiError('run_not_settled', `Run ${run.id} is still ${run.status}.`);
  }
}
