/**
 * The steps of an assistants run (legacy Assistants API: `runs.steps.list` / `retrieve`), read
 * from the run's trace: each tool the graph called is a `tool_calls` step (function name,
 * arguments, output), and the reply appended to the thread is the last, `message_creation` step.
 * A run waiting for `submit_tool_outputs` has an `in_progress` tool_calls step with the calls it waits on.
 * Step ids are stable: `step_<seq of the tool.call event>`, `step_wait_<checkpoint step>` and `step_msg_<message id>`.
 */
import 'server-only';
import type { RunRow } from '@/db/runs';
import { getStore, type ThreadRunRow } from '@/db/store';
import { eventData, type TraceEvent } from '@/lib/contracts/trace';
import { requiredCalls } from './assistant-objects';
import { OpenAIApiError } from './errors';
import { pageOf, type ListQuery } from './list-page';

const secs = (iso: string | Date | null | undefined) => (iso ? Math.floor(new Date(iso).getTime() / 1000) : null);

const PAGE = 1000;

async function allEvents(runId: string): Promise<TraceEvent[]> {
  const out: TraceEvent[] = [];
  for (let after = 0; ; ) {
    const batch = await getStore().events.list(runId, after, PAGE);
    out.push(...batch);
    if (batch.length < PAGE) return out;
    after = batch[batch.length - 1].seq;
  }
}

function stepBase(link: ThreadRunRow, run: RunRow, id: string, created: number | null) {
  return {
    id,
    object: 'thread.run.step' as const,
    created_at: created ?? secs(run.createdAt)!,
    assistant_id: link.assistantId,
    thread_id: link.threadId,
    run_id: run.id,
    expired_at: null,
    cancelled_at: null,
    metadata: {},
    usage: null,
  };
}

/** Every step of the run, oldest first. */
export async function runSteps(link: ThreadRunRow, run: RunRow) {
  const events = await allEvents(run.id);
  const results = new Map<string, TraceEvent>();
  for (const e of events) if (e.type === 'tool.result') results.set(e.span_id, e);
  // A run waiting for submit_tool_outputs: the calls it waits on, as one in-progress step (last but the reply).
  const waiting = run.status === 'paused' || run.status === 'interrupted';
  const checkpoint = waiting ? await getStore().checkpoints.latest(run.id) : undefined;
  const pending = waiting ? requiredCalls(run, checkpoint?.interrupt) : [];
  const pendingIds = new Set(pending.map((c) => c.id));
  const steps = [];
  for (const e of events) {
    if (e.type !== 'tool.call') continue;
    const call = eventData(e, 'tool.call');
    if (!call || (call.tool_call_id && pendingIds.has(call.tool_call_id))) continue;
    const result = results.get(e.span_id);
    const done = result ? eventData(result, 'tool.result') : undefined;
    const failed = !!done?.error;
    const status = done ? (failed ? 'failed' : 'completed') : run.status === 'running' || run.status === 'queued' || waiting ? 'in_progress' : run.status === 'cancelled' ? 'cancelled' : 'failed';
    const args = typeof call.args === 'string' ? call.args : JSON.stringify(call.args ?? {});
    steps.push({
      ...stepBase(link, run, `step_${e.seq}`, secs(e.ts)),
      type: 'tool_calls' as const,
      status,
      step_details: {
        type: 'tool_calls' as const,
        tool_calls: [{ id: call.tool_call_id ?? `call_${e.seq}`, type: 'function' as const, function: { name: call.tool, arguments: args, output: done ? (done.error ?? done.output) : null } }],
      },
      last_error: failed ? { code: 'server_error' as const, message: done!.error! } : null,
      failed_at: failed ? secs(result!.ts) : null,
      completed_at: done && !failed ? secs(result!.ts) : null,
    });
  }
  if (pending.length) {
    steps.push({
      ...stepBase(link, run, `step_wait_${checkpoint?.step ?? 0}`, null),
      type: 'tool_calls' as const,
      status: 'in_progress',
      step_details: { type: 'tool_calls' as const, tool_calls: pending.map((c) => ({ ...c, function: { ...c.function, output: null } })) },
      last_error: null,
      failed_at: null,
      completed_at: null,
    });
  }
  const reply = (await getStore().threads.listMessages(link.threadId)).find((m) => m.runId === run.id && m.role === 'assistant');
  if (reply) {
    steps.push({
      ...stepBase(link, run, `step_msg_${reply.id}`, secs(reply.createdAt)),
      type: 'message_creation' as const,
      status: 'completed',
      step_details: { type: 'message_creation' as const, message_creation: { message_id: reply.id } },
      last_error: null,
      failed_at: null,
      completed_at: secs(reply.createdAt),
    });
  }
  return steps;
}

export async function listRunSteps(link: ThreadRunRow, run: RunRow, q: ListQuery) {
  return pageOf(await runSteps(link, run), q);
}

export async function readRunStep(link: ThreadRunRow, run: RunRow, stepId: string) {
  const step = (await runSteps(link, run)).find((s) => s.id === stepId);
  if (!step) throw new OpenAIApiError('not_found', `No run step found with id '${stepId}'.`);
  return step;
}
