/**
 * A run as an A2A task (issue 24 part 3): task id = run id, contextId = the run's conversation id.
 * The run's status maps to a TaskState; a run paused at a human step is `input-required` with the
 * question as the status message; a failed run says only its error code (no internals); a rejected
 * run says the person's reason. The answer of a finished run is the `answer` artifact.
 */
import 'server-only';
import { Role, TaskState, type Artifact, type Message, type Part, type Task, type TaskStatus } from '@a2a-js/sdk';
import type { RunRow } from '@/db/runs';
import { getStore } from '@/db/store';
import type { RunStatus } from '@/lib/contracts/trace';
import { outputText } from '../openai/run-reply';

export const ANSWER_ARTIFACT = 'answer';

const STATE: Record<RunStatus, TaskState> = {
  queued: TaskState.TASK_STATE_SUBMITTED,
  running: TaskState.TASK_STATE_WORKING,
  // A restart cut the run short: recovery resumes it, so it is still being worked on.
  interrupted: TaskState.TASK_STATE_WORKING,
  paused: TaskState.TASK_STATE_INPUT_REQUIRED,
  succeeded: TaskState.TASK_STATE_COMPLETED,
  failed: TaskState.TASK_STATE_FAILED,
  cancelled: TaskState.TASK_STATE_CANCELED,
  rejected: TaskState.TASK_STATE_REJECTED,
};

export const taskState = (status: RunStatus): TaskState => STATE[status];

/** The run statuses a TaskState filter of ListTasks matches. */
export function statusesOf(state: TaskState): RunStatus[] {
  return (Object.keys(STATE) as RunStatus[]).filter((s) => STATE[s] === state);
}

const FINAL = new Set([TaskState.TASK_STATE_COMPLETED, TaskState.TASK_STATE_FAILED, TaskState.TASK_STATE_CANCELED, TaskState.TASK_STATE_REJECTED]);
/** A state after which the task changes no more. */
export const isFinalState = (s: TaskState): boolean => FINAL.has(s);
/** A state where the stream of a task ends (final, or waiting for the caller). */
export const endsStream = (s: TaskState): boolean => isFinalState(s) || s === TaskState.TASK_STATE_INPUT_REQUIRED;

export const textPart = (text: string): Part => ({ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' });

export function agentMessage(run: RunRow, text: string, id: string): Message {
  return { messageId: id, contextId: run.conversationId ?? '', taskId: run.id, role: Role.ROLE_AGENT, parts: [textPart(text)], metadata: undefined, extensions: [], referenceTaskIds: [] };
}

/** The text of a message's parts: text as is, data parts as JSON, files by name or URL. */
export function messageText(message: Message): string {
  return message.parts
    .map((p) => {
      const c = p.content;
      if (!c) return '';
      if (c.$case === 'text') return c.value;
      if (c.$case === 'data') return JSON.stringify(c.value);
      if (c.$case === 'url') return `[file ${p.filename || c.value}]`;
      return `[file ${p.filename || p.mediaType || 'bytes'}]`;
    })
    .filter(Boolean)
    .join('\n');
}

/** What the status message of a run in `status` says (undefined: nothing to say). */
async function statusText(run: RunRow): Promise<string | undefined> {
  switch (run.status) {
    case 'paused': {
      const interrupt = (await getStore().checkpoints.latest(run.id))?.interrupt;
      if (interrupt?.prompt) return interrupt.prompt;
      if (interrupt?.kind === 'human' && interrupt.human_kind !== 'input') return `Approve or reject to continue (answer "approve", or "reject: <reason>").`;
      return 'The task needs your input to continue.';
    }
    case 'failed':
      // The code only: messages may carry internals (hosts, upstream bodies).
      return `The task failed (${run.error?.code ?? 'run_failed'}).`;
    case 'rejected':
      return run.error?.message ? `Rejected: ${run.error.message}` : 'Rejected.';
    case 'cancelled':
      return 'The task was cancelled.';
    default:
      return undefined;
  }
}

export async function taskStatus(run: RunRow): Promise<TaskStatus> {
  const text = await statusText(run);
  return {
    state: taskState(run.status),
    message: text === undefined ? undefined : agentMessage(run, text, `${run.id}-status-${run.status}`),
    timestamp: (run.finishedAt ?? run.startedAt ?? run.createdAt).toISOString(),
  };
}

export function answerArtifact(text: string): Artifact {
  return { artifactId: ANSWER_ARTIFACT, name: 'answer', description: '', parts: [textPart(text)], metadata: undefined, extensions: [] };
}

/** The task of a run; `historyLength` 0 leaves the history out (undefined: all of it). */
export async function taskOf(run: RunRow, opts: { historyLength?: number; artifacts?: boolean } = {}): Promise<Task> {
  const status = await taskStatus(run);
  const user: Message = { messageId: `${run.id}-input`, contextId: run.conversationId ?? '', taskId: run.id, role: Role.ROLE_USER, parts: [textPart(run.input)], metadata: undefined, extensions: [], referenceTaskIds: [] };
  let history: Message[] = [user];
  if (status.message && run.status === 'paused') history.push(status.message);
  if (opts.historyLength !== undefined) history = opts.historyLength > 0 ? history.slice(-opts.historyLength) : [];
  const artifacts = run.status === 'succeeded' && opts.artifacts !== false ? [answerArtifact(outputText(run.output))] : [];
  return { id: run.id, contextId: run.conversationId ?? '', status, artifacts, history, metadata: { graph: run.graphName } };
}
