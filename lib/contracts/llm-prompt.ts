/**
 * The exact prompt of a model call, rebuilt from the trace. An llm.request event stores only the
 * messages it does not share with an earlier request of the run (issue 20):
 * - `messages_ref: { seq, count }`: the prompt starts with the first `count` messages of the prompt
 *   of the llm.request event `seq` (the same node's previous call, in this step or an earlier
 *   one), then `messages`;
 * - `messages_from: k` (runs recorded before `messages_ref`): the first k messages of the previous
 *   llm.request of the same node span, then `messages`;
 * - neither: `messages` is the whole prompt.
 * Every reader (debug panel, run diff, OTel export, CLI) resolves prompts here. Browser-safe and pure.
 */
import type { z } from 'zod';
import { eventData, type MessageData, type TraceEvent } from './trace';

export type PromptMessage = z.output<typeof MessageData>;

type RequestEvent = Pick<TraceEvent, 'type' | 'data'> & Partial<Pick<TraceEvent, 'seq' | 'span_id' | 'parent_span_id'>>;

export interface ResolvedPrompt {
  messages: PromptMessage[];
  /** False when an event the prompt refers to is not among the events given (the messages then lack that prefix). */
  complete: boolean;
}

/**
 * Resolves the prompts of the llm.request events among `events` (a run's events, in seq order;
 * other types are ignored). Resolving the requests of a run in order costs what their own
 * messages cost: the last resolved prompts are kept for the next reference.
 */
export function promptResolver(events: readonly RequestEvent[]): (event: RequestEvent) => ResolvedPrompt {
  const requests = events.filter((e) => e.type === 'llm.request');
  const bySeq = new Map<number, RequestEvent>();
  /** Legacy `messages_from`: the previous llm.request of the same node span, in list order. */
  const previousInSpan = new Map<RequestEvent, RequestEvent>();
  const lastOfSpan = new Map<string | undefined, RequestEvent>();
  for (const e of requests) {
    if (e.seq !== undefined) bySeq.set(e.seq, e);
    const owner = e.parent_span_id ?? e.span_id;
    const prev = lastOfSpan.get(owner);
    if (prev) previousInSpan.set(e, prev);
    lastOfSpan.set(owner, e);
  }
  const recent = new Map<RequestEvent, ResolvedPrompt>();
  const remember = (e: RequestEvent, r: ResolvedPrompt) => {
    recent.set(e, r);
    if (recent.size > 8) recent.delete(recent.keys().next().value!);
    return r;
  };

  return function resolve(target: RequestEvent): ResolvedPrompt {
    // Walk the references back to a request stored whole (or one already resolved), then fold forward.
    const chain: { e: RequestEvent; count: number }[] = [];
    const seen = new Set<RequestEvent>();
    let base: ResolvedPrompt = { messages: [], complete: true };
    for (let e: RequestEvent | undefined = target; e; ) {
      const hit = recent.get(e);
      if (hit) {
        base = hit;
        break;
      }
      const req = eventData(e, 'llm.request');
      if (!req || seen.has(e)) break;
      seen.add(e);
      const ref = req.messages_ref;
      if (ref) {
        chain.push({ e, count: ref.count });
        e = bySeq.get(ref.seq);
        if (!e) base = { messages: [], complete: false };
      } else if (req.messages_from !== undefined) {
        chain.push({ e, count: req.messages_from });
        e = previousInSpan.get(e);
        if (!e && req.messages_from > 0) base = { messages: [], complete: false };
      } else {
        chain.push({ e, count: 0 });
        break;
      }
    }
    let messages = base.messages;
    let complete = base.complete;
    for (let i = chain.length - 1; i >= 0; i--) {
      const { e, count } = chain[i];
      const own = eventData(e, 'llm.request')?.messages ?? [];
      if (count > messages.length) complete = false;
      messages = [...messages.slice(0, count), ...own];
      remember(e, { messages, complete });
    }
    return { messages, complete };
  };
}

/** The prompt of the last of `requests` (llm.request events of one node span, in order, up to the call wanted). */
export function fullPrompt(requests: readonly RequestEvent[]): PromptMessage[] {
  const last = requests.at(-1);
  return last ? promptResolver(requests)(last).messages : [];
}
