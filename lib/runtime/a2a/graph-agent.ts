/**
 * A graph as an A2A agent: the SDK's A2ARequestHandler over graph runs (task = run, contextId =
 * conversation id, so node memory carries over between the tasks of a context). The SDK's JSON-RPC
 * transport handlers (v1.0 and v0.3, jsonrpc.ts) call it. Every error leaves as an A2A error:
 * an unknown task (or one of another graph) is TaskNotFound; our own failures say only their code.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import {
  TaskState,
  type AgentCard,
  type CancelTaskRequest,
  type DeleteTaskPushNotificationConfigRequest,
  type GetTaskPushNotificationConfigRequest,
  type GetTaskRequest,
  type ListTaskPushNotificationConfigsRequest,
  type ListTaskPushNotificationConfigsResponse,
  type ListTasksRequest,
  type ListTasksResponse,
  type Message,
  type SendMessageRequest,
  type StreamResponse,
  type SubscribeToTaskRequest,
  type Task,
  type TaskPushNotificationConfig,
} from '@a2a-js/sdk';
import {
  A2AError,
  ExtendedAgentCardNotConfiguredError,
  InvalidAgentResponseError,
  PushNotificationNotSupportedError,
  RequestMalformedError,
  TaskNotCancelableError,
  TaskNotFoundError,
  UnsupportedOperationError,
} from '@a2a-js/sdk/errors';
import type { A2ARequestHandler } from '@a2a-js/sdk/server';
import type { RunRow } from '@/db/runs';
import { getStore } from '@/db/store';
import type { GraphRow } from '@/db/schema/graphs';
import { ConversationId } from '@/lib/contracts/runs';
import type { ResumeValue, TraceEvent } from '@/lib/contracts/trace';
import { AppError, isServerError } from '@/lib/errors';
import { subscribe } from '../event-bus';
import { cancelRun, resumeRun, startRun, waitForRun } from '../run-manager';
import { isTerminalStatus } from '../run-status';
import { resumeValueFromOutput } from '../openai/assistants';
import { AnswerStream, ending } from '../openai/answer-stream';
import { outputText } from '../openai/run-reply';
import { answerArtifact, endsStream, isFinalState, messageText, statusesOf, taskOf, taskState, taskStatus } from './task-view';

const MAX_LISTED = 1000;
const DEFAULT_PAGE = 50;

/** Any failure as an A2A error: ours keep their message when it is the caller's fault, else only the code. */
export function asA2AError(err: unknown): A2AError {
  if (err instanceof A2AError) return err;
  if (err instanceof AppError) {
    if (err.code === 'not_found') return new TaskNotFoundError(err.message);
    if (err.code === 'conflict') return new UnsupportedOperationError(err.message);
    if (!isServerError(err.code)) return new RequestMalformedError(err.message);
    return new InvalidAgentResponseError(`The agent failed (${err.code}).`);
  }
  console.error('[switchyard] A2A request failed:', err);
  return new InvalidAgentResponseError('The agent failed (internal).');
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw asA2AError(err);
  }
}

export interface GraphAgentOptions {
  /** The API key the caller used (a new run counts toward its budget). */
  apiKeyId?: string;
}

export class GraphAgent implements A2ARequestHandler {
  constructor(
    private readonly graph: GraphRow,
    private readonly card: AgentCard,
    private readonly opts: GraphAgentOptions = {},
  ) {}

  async getAgentCard(): Promise<AgentCard> {
    return this.card;
  }

  async getAuthenticatedExtendedAgentCard(): Promise<AgentCard> {
    throw new ExtendedAgentCardNotConfiguredError('This agent has no extended card.');
  }

  /** The run of task `id` when it is a task of this graph (else TaskNotFound: ids of other graphs do not leak). */
  private async taskRun(id: string): Promise<RunRow> {
    const run = id ? await getStore().runs.get(id) : undefined;
    if (!run || run.graphId !== this.graph.id) throw new TaskNotFoundError(`Task ${id || '(no id)'} was not found.`);
    return run;
  }

  /** Starts a task for the message, or answers the input-required task it names. Returns the run and the last event seq before it. */
  private async begin(params: SendMessageRequest): Promise<{ run: RunRow; after: number }> {
    const message = params.message;
    if (!message) throw new RequestMalformedError('params.message is required.');
    const text = messageText(message).trim();
    if (!text) throw new RequestMalformedError('params.message has no text or data part: nothing to run.');
    if (message.taskId) return this.answer(message, text);
    const contextId = message.contextId || randomUUID();
    if (!ConversationId.safeParse(contextId).success) throw new RequestMalformedError('params.message.contextId must be 1 to 200 printable characters without spaces.');
    const run = await startRun(this.graph.id, { input: text, source: 'a2a', conversationId: contextId, apiKeyId: this.opts.apiKeyId, version: { version: this.graph.version, document: this.graph.document } });
    return { run, after: 0 };
  }

  /** The next message on an input-required task: the answer to its human step. */
  private async answer(message: Message, text: string): Promise<{ run: RunRow; after: number }> {
    const run = await this.taskRun(message.taskId);
    if (message.contextId && run.conversationId && message.contextId !== run.conversationId) {
      throw new RequestMalformedError(`Task ${run.id} belongs to context ${run.conversationId}, not ${message.contextId}.`);
    }
    if (run.status !== 'paused') {
      const state = TaskState[taskState(run.status)];
      throw new UnsupportedOperationError(`Task ${run.id} is ${state}: only a task in TASK_STATE_INPUT_REQUIRED takes another message.`);
    }
    const interrupt = (await getStore().checkpoints.latest(run.id))?.interrupt;
    let value: ResumeValue;
    if (interrupt?.kind === 'tool') {
      const calls = interrupt.tool_calls ?? [];
      const tool_outputs = calls.map((c) => ({ tool_call_id: c.id, output: text }));
      value = { action: 'answer', tool_outputs, ...(calls.length === 1 ? { value: text } : {}) };
    } else value = resumeValueFromOutput(text);
    const after = await getStore().events.lastSeq(run.id);
    return { run: await resumeRun(run.id, value), after };
  }

  async sendMessage(params: SendMessageRequest): Promise<Message | Task> {
    return guard(async () => {
      const { run } = await this.begin(params);
      if (!params.configuration?.returnImmediately) await waitForRun(run.id);
      return taskOf((await getStore().runs.get(run.id))!, { historyLength: params.configuration?.historyLength });
    });
  }

  async *sendMessageStream(params: SendMessageRequest): AsyncGenerator<StreamResponse, void, undefined> {
    const { run, after } = await guard(() => this.begin(params));
    yield* this.follow(run.id, after);
  }

  async getTask(params: GetTaskRequest): Promise<Task> {
    return guard(async () => taskOf(await this.taskRun(params.id), { historyLength: params.historyLength }));
  }

  async cancelTask(params: CancelTaskRequest): Promise<Task> {
    return guard(async () => {
      const run = await this.taskRun(params.id);
      if (isTerminalStatus(run.status)) throw new TaskNotCancelableError(`Task ${run.id} is ${TaskState[taskState(run.status)]}: it cannot be cancelled.`);
      return taskOf(await cancelRun(run.id));
    });
  }

  async *resubscribe(params: SubscribeToTaskRequest): AsyncGenerator<StreamResponse, void, undefined> {
    const run = await guard(() => this.taskRun(params.id));
    if (isFinalState(taskState(run.status))) throw new UnsupportedOperationError(`Task ${run.id} is ${TaskState[taskState(run.status)]}: there is nothing to subscribe to.`);
    yield* this.follow(run.id, await getStore().events.lastSeq(run.id));
  }

  async listTasks(params: ListTasksRequest): Promise<ListTasksResponse> {
    return guard(async () => {
      const statuses = params.status ? statusesOf(params.status) : undefined;
      const after = params.statusTimestampAfter ? Date.parse(params.statusTimestampAfter) : undefined;
      const runs = (await getStore().runs.listForGraph(this.graph.id, MAX_LISTED)).filter(
        (r) =>
          r.source === 'a2a' &&
          (!params.contextId || r.conversationId === params.contextId) &&
          (!statuses || statuses.includes(r.status)) &&
          (after === undefined || (r.finishedAt ?? r.startedAt ?? r.createdAt).getTime() > after),
      );
      const size = Math.min(Math.max(params.pageSize ?? DEFAULT_PAGE, 1), 100);
      const offset = params.pageToken ? Number.parseInt(params.pageToken, 10) : 0;
      if (!Number.isInteger(offset) || offset < 0) throw new RequestMalformedError('pageToken is not one this agent gave out.');
      const page = runs.slice(offset, offset + size);
      const tasks = await Promise.all(page.map((r) => taskOf(r, { historyLength: params.historyLength ?? 0, artifacts: params.includeArtifacts ?? false })));
      return { tasks, nextPageToken: offset + size < runs.length ? String(offset + size) : '', pageSize: size, totalSize: runs.length };
    });
  }

  /**
   * The task's updates from event `after` on: the task as it is, `working`, the answer's tokens as an
   * artifact while the model writes them, then the rest of the answer and the state the run settled in.
   */
  private async *follow(runId: string, after: number): AsyncGenerator<StreamResponse, void, undefined> {
    const store = getStore();
    const first = (await store.runs.get(runId))!;
    yield { payload: { $case: 'task', value: await taskOf(first) } };
    const base = { taskId: runId, contextId: first.conversationId ?? '', metadata: undefined };
    if (!endsStream(taskState(first.status))) {
      yield { payload: { $case: 'statusUpdate', value: { ...base, status: { state: TaskState.TASK_STATE_WORKING, message: undefined, timestamp: new Date().toISOString() } } } };
    }
    const answer = new AnswerStream(this.graph.document);
    const queue: TraceEvent[] = [];
    let wake: (() => void) | undefined;
    let settled = false;
    const unsubscribe = subscribe(runId, (e) => {
      if (e.seq > after) {
        queue.push(e);
        wake?.();
      }
    });
    try {
      await unsubscribe.ready;
      queue.push(...(await store.events.list(runId, after))); // the answer stream skips seqs it has seen
      void waitForRun(runId).then(() => {
        settled = true;
        wake?.();
      });
      let sent = false;
      for (;;) {
        while (queue.length) {
          const text = answer.push(queue.shift()!);
          if (text) {
            yield { payload: { $case: 'artifactUpdate', value: { ...base, artifact: answerArtifact(text), append: sent, lastChunk: false } } };
            sent = true;
          }
        }
        if (settled) break;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
      const run = (await store.runs.get(runId))!;
      if (run.status === 'succeeded') {
        const final = outputText(run.output);
        const rest = ending(answer.streamed, final);
        const append = sent && final.startsWith(answer.streamed);
        yield { payload: { $case: 'artifactUpdate', value: { ...base, artifact: answerArtifact(rest), append, lastChunk: true } } };
      }
      yield { payload: { $case: 'statusUpdate', value: { ...base, status: await taskStatus(run) } } };
    } finally {
      unsubscribe();
    }
  }

  async createTaskPushNotificationConfig(): Promise<TaskPushNotificationConfig> {
    throw new PushNotificationNotSupportedError('This agent does not send push notifications: use SendStreamingMessage or GetTask.');
  }
  async getTaskPushNotificationConfig(_p: GetTaskPushNotificationConfigRequest): Promise<TaskPushNotificationConfig> {
    throw new PushNotificationNotSupportedError('This agent does not send push notifications.');
  }
  async listTaskPushNotificationConfigs(_p: ListTaskPushNotificationConfigsRequest): Promise<ListTaskPushNotificationConfigsResponse> {
    throw new PushNotificationNotSupportedError('This agent does not send push notifications.');
  }
  async deleteTaskPushNotificationConfig(_p: DeleteTaskPushNotificationConfigRequest): Promise<void> {
    throw new PushNotificationNotSupportedError('This agent does not send push notifications.');
  }
}
