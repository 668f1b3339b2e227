/**
 * Assistants streaming (`runs.stream`, `stream: true` on create run / createAndRun /
 * submit_tool_outputs): the server-sent events the official clients' AssistantStream parses.
 *
 *   thread.run.created, thread.run.queued (new runs), thread.run.in_progress
 *   thread.message.created, thread.message.in_progress   (at the answer's first token)
 *   thread.message.delta  { delta: { content: [{ index: 0, type: 'text', text: { value } }] } }
 *   thread.message.completed                              (the message as kept in the thread)
 *   thread.run.requires_action | completed | failed | cancelled
 *   event: done / data: [DONE]
 *
 * The answer's tokens are picked from the run's events by answer-stream.ts, as for chat completions.
 */
import 'server-only';
import { getStore } from '@/db/store';
import type { GraphDocument } from '@/lib/graph/schema';
import { runtimeConfig } from '../config';
import { subscribe } from '../event-bus';
import { waitForRun } from '../run-manager';
import { SSE_HEADERS } from '../run-event-stream';
import { messageObject, runObject } from './assistant-objects';
import { AnswerStream, ending } from './answer-stream';
import { createThread, createThreadRun, newId, submitToolOutputs, syncReplies } from './assistants';
import type { CreateThreadBody, CreateThreadRunBody } from '@/lib/contracts/openai';
import { openaiErrorBody } from './errors';
import { outputText } from './run-reply';

const END_EVENT: Record<string, string> = {
  paused: 'thread.run.requires_action',
  interrupted: 'thread.run.requires_action',
  succeeded: 'thread.run.completed',
  failed: 'thread.run.failed',
  cancelled: 'thread.run.cancelled',
};

async function documentOfRun(runId: string): Promise<GraphDocument> {
  const store = getStore();
  const run = (await store.runs.get(runId))!;
  const version = run.graphVersion != null ? await store.versions.get(run.graphId, run.graphVersion) : null;
  return version?.document ?? (await store.graphs.get(run.graphId))!.document;
}

/** POST /threads/:id/runs with `stream: true` (the client's `runs.stream` / `createAndStream`). */
export async function createThreadRunStream(threadId: string, body: CreateThreadRunBody, key: { apiKeyId?: string } = {}): Promise<Response> {
  const run = await createThreadRun(threadId, body, key);
  return streamThreadRun({ threadId, runId: run.id, doc: await documentOfRun(run.id), after: 0, fresh: true });
}

/** POST /threads/runs with `stream: true` (createAndRun): a new thread, then its run streamed. */
export async function createThreadAndRunStream(body: CreateThreadRunBody & { thread?: CreateThreadBody | null }, workspaceId: string, key: { apiKeyId?: string } = {}): Promise<Response> {
  const thread = await createThread(body.thread ?? {}, workspaceId);
  return createThreadRunStream(thread.id, body, key);
}

/** submit_tool_outputs with `stream: true`: the run's events from the resume on. */
export async function submitToolOutputsStream(threadId: string, runId: string, outputs: { tool_call_id?: string; output: string }[]): Promise<Response> {
  const after = await getStore().events.lastSeq(runId);
  await submitToolOutputs(threadId, runId, outputs);
  return streamThreadRun({ threadId, runId, doc: await documentOfRun(runId), after, fresh: false });
}

export interface StreamRunOptions {
  threadId: string;
  runId: string;
  doc: GraphDocument;
  /** Stream only the run's events after this sequence number (a resumed run: what it does from now on). */
  after: number;
  /** A new run (created, queued first) or a resumed one. */
  fresh: boolean;
}

export function streamThreadRun(opts: StreamRunOptions): Response {
  const { threadId, runId } = opts;
  const encoder = new TextEncoder();
  let gone = false; // the client left: the run goes on
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        if (!gone) controller.enqueue(encoder.encode(text));
      };
      const send = (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const runNow = async () => {
        const link = (await getStore().threads.getRun(threadId, runId))!;
        return runObject(link.link, link.run, await getStore().checkpoints.latest(runId));
      };
      const first = await runNow();
      if (opts.fresh) {
        send('thread.run.created', { ...first, status: 'queued' });
        send('thread.run.queued', { ...first, status: 'queued' });
      }
      send('thread.run.in_progress', { ...first, status: 'in_progress' });

      // The reply message: announced at its first token, kept in the thread under the same id.
      const messageId = newId('msg');
      let message: ReturnType<typeof draft> | undefined;
      const draft = () => ({
        id: messageId,
        object: 'thread.message' as const,
        created_at: Math.floor(Date.now() / 1000),
        thread_id: threadId,
        status: 'in_progress' as const,
        incomplete_details: null,
        completed_at: null,
        incomplete_at: null,
        role: 'assistant' as const,
        content: [] as unknown[],
        assistant_id: first.assistant_id,
        run_id: runId,
        attachments: [],
        metadata: {},
      });
      const text = (piece: string) => {
        if (!piece) return;
        if (!message) {
          message = draft();
          send('thread.message.created', message);
          send('thread.message.in_progress', message);
        }
        send('thread.message.delta', { id: messageId, object: 'thread.message.delta', delta: { content: [{ index: 0, type: 'text', text: { value: piece, annotations: [] } }] } });
      };

      const keepalive = setInterval(() => write(': keep-alive\n\n'), runtimeConfig().sseHeartbeatMs);
      const answer = new AnswerStream(opts.doc);
      const unsubscribe = subscribe(runId, (e) => {
        if (e.seq > opts.after) text(answer.push(e));
      });
      await unsubscribe.ready; // queue mode: the Redis subscription is live before the backlog is read
      for (const e of await getStore().events.list(runId, opts.after)) text(answer.push(e));
      try {
        await waitForRun(runId);
        unsubscribe();
        const run = (await getStore().runs.get(runId))!;
        if (run.status === 'succeeded') {
          text(ending(answer.streamed, outputText(run.output)));
          await syncReplies(threadId, (id) => (id === runId ? messageId : undefined));
          const kept = (await getStore().threads.listMessages(threadId)).find((m) => m.runId === runId);
          if (kept) send('thread.message.completed', messageObject(kept));
        } else if (message) {
          // Text the agent wrote before it paused (or failed): completed as it was streamed.
          send('thread.message.completed', { ...message, status: 'completed', content: [{ type: 'text', text: { value: answer.streamed, annotations: [] } }] });
        }
        send(END_EVENT[run.status] ?? 'thread.run.failed', await runNow());
      } catch (err) {
        send('error', openaiErrorBody(err).body.error);
      } finally {
        unsubscribe();
        clearInterval(keepalive);
      }
      write('event: done\ndata: [DONE]\n\n');
      if (!gone) controller.close();
    },
    cancel() {
      gone = true;
    },
  });
  return new Response(stream, { status: 200, headers: SSE_HEADERS });
}
