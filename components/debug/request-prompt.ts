/**
 * The exact prompt of a model-call row of the timeline: its llm.request stores only what the node
 * did not send before (messages_ref), so it is resolved against the run's other requests with the
 * one resolver every reader uses (lib/contracts/llm-prompt.ts). Pure.
 */
import { promptResolver, type ResolvedPrompt } from '@/lib/contracts/llm-prompt';
import type { TraceEvent } from '@/lib/contracts/trace';
import type { Timeline } from './timeline-tree';

export function requestPrompt(timeline: Timeline, request: TraceEvent): ResolvedPrompt {
  const requests = [...timeline.rows.values()].flatMap((r) => r.events.filter((e) => e.type === 'llm.request')).sort((a, b) => a.seq - b.seq);
  return promptResolver(requests)(request);
}
