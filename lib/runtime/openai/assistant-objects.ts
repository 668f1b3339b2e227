/** Rows of the assistants flow as OpenAI's objects (assistant, thread, thread.message, thread.run). */
import type { AssistantRow, ThreadMessageRow, ThreadRow, ThreadRunRow } from '@/db/store';
import type { RunRow } from '@/db/runs';
import { isTerminalStatus, type Checkpoint } from '@/lib/contracts/trace';
import { openaiUsage } from './run-reply';

const secs = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);

export function assistantObject(a: AssistantRow, graphName: string) {
  return {
    id: a.id,
    object: 'assistant' as const,
    created_at: secs(a.createdAt)!,
    name: a.name,
    description: a.description,
    model: graphName,
    instructions: a.instructions,
    tools: a.tools ?? [],
    tool_resources: {},
    metadata: a.metadata ?? {},
    temperature: null,
    top_p: null,
    response_format: 'auto' as const,
  };
}

export function threadObject(t: ThreadRow) {
  return { id: t.id, object: 'thread' as const, created_at: secs(t.createdAt)!, metadata: t.metadata ?? {}, tool_resources: {} };
}

export function messageObject(m: ThreadMessageRow) {
  return {
    id: m.id,
    object: 'thread.message' as const,
    created_at: secs(m.createdAt)!,
    thread_id: m.threadId,
    status: 'completed' as const,
    incomplete_details: null,
    completed_at: secs(m.createdAt),
    incomplete_at: null,
    role: m.role,
    content: [{ type: 'text' as const, text: { value: m.content, annotations: [] } }],
    assistant_id: m.assistantId,
    run_id: m.runId,
    attachments: [],
    metadata: m.metadata ?? {},
  };
}

/** The tool-call id of a paused run's human step (answered with submit_tool_outputs). */
export function humanCallId(runId: string): string {
  return `call_human_${runId}`;
}

const STATUS: Record<RunRow['status'], string> = {
  queued: 'queued',
  running: 'in_progress',
  paused: 'requires_action',
  interrupted: 'requires_action',
  succeeded: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  /** A person rejected a human step: `failed` with last_error `rejected: <reason>` (OpenAI has no "rejected"; `cancelled` would carry no reason). */
  rejected: 'failed',
};

/**
 * The tool calls a waiting run asks for: a tool pause (human tool, client tools) names its own
 * calls; a human node or an interrupted run gets one synthetic call (humanCallId).
 */
export function requiredCalls(run: RunRow, interrupt: Checkpoint['interrupt']) {
  if (run.status === 'paused' && interrupt?.kind === 'tool' && interrupt.tool_calls?.length) {
    return interrupt.tool_calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } }));
  }
  return [
    {
      id: humanCallId(run.id),
      type: 'function' as const,
      function: {
        name: run.status === 'paused' ? 'human_review' : 'resume_interrupted_run',
        arguments: JSON.stringify(
          run.status === 'paused'
            ? { node: interrupt?.node ?? null, prompt: interrupt?.prompt ?? null, kind: interrupt?.human_kind ?? interrupt?.kind ?? null, value: interrupt?.value ?? null, answer_with: 'approve | reject: <reason> | <edited value>' }
            : { reason: 'server_restart', answer_with: 'continue' },
        ),
      },
    },
  ];
}

/** `tools`: the run's function tools (its own, else its assistant's), in OpenAI's shape. */
export function runObject(link: ThreadRunRow, run: RunRow, checkpoint: Checkpoint | undefined, tools: unknown[] = []) {
  const waiting = run.status === 'paused' || run.status === 'interrupted';
  const interrupt = checkpoint?.interrupt;
  return {
    id: run.id,
    object: 'thread.run' as const,
    created_at: secs(run.createdAt)!,
    thread_id: link.threadId,
    assistant_id: link.assistantId,
    status: STATUS[run.status],
    required_action: waiting
      ? {
          type: 'submit_tool_outputs' as const,
          submit_tool_outputs: { tool_calls: requiredCalls(run, interrupt) },
        }
      : null,
    last_error: run.status === 'failed' || run.status === 'rejected' ? { code: 'server_error' as const, message: `${run.error?.code ?? 'error'}: ${run.error?.message ?? 'The run failed.'}` } : null,
    expires_at: null,
    started_at: secs(run.startedAt),
    cancelled_at: run.status === 'cancelled' ? secs(run.finishedAt) : null,
    failed_at: run.status === 'failed' || run.status === 'rejected' ? secs(run.finishedAt) : null,
    completed_at: run.status === 'succeeded' ? secs(run.finishedAt) : null,
    incomplete_details: null,
    model: run.graphName,
    instructions: link.instructions ?? '',
    tools,
    metadata: link.metadata ?? {},
    usage: isTerminalStatus(run.status) ? (run.usage ? openaiUsage(run) : null) : null,
    temperature: null,
    top_p: null,
    max_prompt_tokens: null,
    max_completion_tokens: null,
    truncation_strategy: { type: 'auto' as const, last_messages: null },
    response_format: 'auto' as const,
    tool_choice: 'auto' as const,
    parallel_tool_calls: false,
  };
}
