/**
 * The trace as terminal text (`switchyard run`), one line per event like the debug panel's rows:
 * run and node starts, model calls with tokens and cost, tool calls and results, branches taken,
 * pauses, errors and the answer. Deltas are not printed (the response line carries the text). How
 * a run ended (answer, rejection, error) is read with the run fold's step (lib/contracts/trace-fold.ts);
 * an event type this version does not know prints as "unknown event <type>".
 */
import type { TraceEventInput } from '@/lib/contracts/trace';
import { EMPTY_RUN, foldRunEvent, isKnownEventType } from '@/lib/contracts/trace-fold';
import { formatUsd } from '@/lib/graph/prices';

function excerpt(v: unknown, max = 160): string {
  const s = (typeof v === 'string' ? v : JSON.stringify(v) ?? '').replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

export function usageText(u: Record<string, unknown> | undefined): string {
  if (!u) return '';
  const cost = num(u.cost_usd);
  const calls = num(u.model_calls);
  return `${num(u.input_tokens) ?? 0} in / ${num(u.output_tokens) ?? 0} out tokens${cost !== undefined ? `, ${formatUsd(cost)}` : ''}${calls !== undefined ? `, ${calls} model call${calls === 1 ? '' : 's'}` : ''}`;
}

/** The line for one event, or null when the event is not shown. */
export function traceLine(e: TraceEventInput): string | null {
  const d = e.data;
  if (!isKnownEventType(e.type)) return `? unknown event ${e.type}`;
  const usage = d.usage ? `\n  usage: ${usageText(d.usage as Record<string, unknown>)}` : '';
  const node = e.node ?? '';
  switch (e.type) {
    case 'run.started':
      return `▶ run ${d.graph ? `of ${d.graph} ` : ''}started: ${excerpt(d.input)}`;
    case 'run.resumed':
      return `▶ resumed${d.action ? ` (${d.action})` : ''}`;
    case 'node.started':
      return `● ${node} [${d.role}${d.strategy ? `, ${d.strategy}` : ''}]${d.task ? ` task: ${excerpt(d.task, 100)}` : ''}`;
    case 'llm.request':
      return `  → ${node}: model ${d['gen_ai.request.model']} (${promptLength(d)} messages${Array.isArray(d.tools) ? `, ${d.tools.length} tools` : ''})`;
    case 'llm.retry':
      return `  ↻ ${node}: retry ${d.attempt} in ${d.wait_ms} ms: ${excerpt(d.reason, 100)}`;
    case 'llm.response': {
      const cost = num(d.cost_usd);
      const calls = Array.isArray(d.tool_calls) ? ` → tool calls: ${d.tool_calls.map((c) => (c as { function?: { name?: string } }).function?.name).join(', ')}` : '';
      const stats = `${num(d['gen_ai.usage.input_tokens']) ?? 0} in / ${num(d['gen_ai.usage.output_tokens']) ?? 0} out${cost !== undefined ? `, ${formatUsd(cost)}` : ''}${num(d.latency_ms) !== undefined ? `, ${d.latency_ms} ms` : ''}${d.recording ? `, ${d.recording}` : ''}`;
      return `  ← ${node}: [${stats}] ${excerpt(d.content ?? '')}${calls}`;
    }
    case 'tool.call':
      return `  ⚙ ${node}: ${d.tool} ${excerpt(d.args, 120)}`;
    case 'tool.result':
      return `  ⇐ ${d.tool}${d.error ? ` error: ${excerpt(d.error)}` : `: ${excerpt(d.output)}`}`;
    case 'edge.taken':
      return `  ⤳ ${d.from} → ${d.to}${d.condition ? ` (${d.condition === 'else' ? 'else' : `when ${excerpt(d.condition, 80)}`})` : ''}${d.label ? ` [${d.label}]` : ''}`;
    case 'memory.read':
      return `  ☰ ${node}: memory of ${d.turns} turns (${d.kept_turns} kept)`;
    case 'memory.write':
      return `  ☰ ${node}: memory ${d.kind}${d.error ? ` failed: ${excerpt(d.error)}` : ' written'}`;
    case 'node.finished': {
      const err = d.error as { code?: string; message?: string } | undefined;
      return `${d.status === 'failed' ? '✗' : '✓'} ${node} ${d.status}${num(d.latency_ms) !== undefined ? ` in ${d.latency_ms} ms` : ''}${err ? `: ${err.code}: ${err.message}` : ''}`;
    }
    case 'run.interrupted':
      return `⏸ paused at ${d.node} (${d.kind})${d.prompt ? `: ${excerpt(d.prompt)}` : ''}`;
    case 'run.finished':
    case 'run.failed':
    case 'run.cancelled': {
      const run = foldRunEvent(EMPTY_RUN, e);
      if (run.status === 'succeeded') return `■ answer: ${typeof run.output === 'string' ? run.output : JSON.stringify(run.output, null, 2)}${usage}`;
      if (run.status === 'rejected') return `✗ ${run.error?.message ?? 'rejected'}${usage}`;
      if (run.status === 'failed') return `✗ run failed: ${run.error?.code}: ${run.error?.message}${usage}`;
      return `✗ run cancelled${usage}`;
    }
    default:
      return null;
  }
}

/** How many messages a model call sent: those its llm.request refers to (lib/contracts/llm-prompt.ts) and its own. */
function promptLength(d: Record<string, unknown>): number {
  const own = Array.isArray(d.messages) ? d.messages.length : 0;
  const ref = d.messages_ref as { count?: unknown } | undefined;
  const shared = typeof ref?.count === 'number' ? ref.count : typeof d.messages_from === 'number' ? d.messages_from : 0;
  return shared + own;
}
