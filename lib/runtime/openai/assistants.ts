/**
 * The assistants flow of seed 003 over graph runs: an assistant names a graph; a thread run runs
 * it over the thread's messages (system = instructions, the last user message = input, the rest
 * = history). A finished run's answer is appended to the thread as an assistant message the next
 * time the thread or the run is read (so it also happens for runs that finished before a restart).
 * A run paused at a human node reports `requires_action`; submit_tool_outputs answers it.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { loadCheckpoint } from '@/db/runs';
import {
  appendThreadMessage,
  getAssistant,
  getThread,
  getThreadRun,
  insertAssistant,
  insertThread,
  insertThreadRun,
  listThreadMessages,
  listThreadRuns,
  repliedRunIds,
  type AssistantRow,
  type ThreadRow,
} from '@/db/threads';
import type { ResumeValue } from '@/lib/contracts/trace';
import type { ChatMessage } from '@/lib/engine/ports';
import { contentText, type CreateAssistantBody, type CreateMessageBody, type CreateThreadBody, type CreateThreadRunBody } from '@/lib/contracts/openai';
import { ResumeValueSchema } from '@/lib/contracts/runs';
import { getStore } from '@/db/store';
import { cancelRun, resumeRun, startRun } from '../run-manager';
import { isTerminalStatus } from '../run-status';
import { assistantObject, humanCallId, messageObject, runObject, threadObject } from './assistant-objects';
import { OpenAIApiError } from './errors';
import { graphForModel } from './graph-ref';
import { outputText } from './run-reply';

export const newId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '')}`;

function notFound(what: string, id: string, param?: string): OpenAIApiError {
  return new OpenAIApiError('not_found', `No ${what} found with id '${id}'.`, { param: param ?? null });
}

async function graphNameOf(a: AssistantRow): Promise<string> {
  return (await getStore().graphs.get(a.graphId))?.name ?? a.graphId;
}

export async function createAssistant(body: CreateAssistantBody) {
  const graph = await graphForModel(body.model);
  const row = insertAssistant({
    id: newId('asst'),
    graphId: graph.id,
    name: body.name ?? null,
    description: body.description ?? null,
    instructions: body.instructions ?? null,
    tools: body.tools ?? [],
    metadata: body.metadata ?? null,
  });
  return assistantObject(row, graph.name);
}

export async function readAssistant(id: string) {
  const a = getAssistant(id);
  if (!a) throw notFound('assistant', id);
  return assistantObject(a, await graphNameOf(a));
}

function threadOrThrow(id: string): ThreadRow {
  const t = getThread(id);
  if (!t) throw notFound('thread', id);
  return t;
}

export function createThread(body: CreateThreadBody) {
  const t = insertThread({ id: newId('thread'), metadata: body.metadata ?? null });
  for (const m of body.messages ?? []) appendThreadMessage({ id: newId('msg'), threadId: t.id, role: m.role, content: contentText(m.content), metadata: m.metadata ?? null });
  return threadObject(t);
}

export function readThread(id: string) {
  return threadObject(threadOrThrow(id));
}

/**
 * Appends the answers of finished runs that are not in the thread yet; `idOf` names the message of a
 * run whose id a stream announced already.
 */
export function syncReplies(threadId: string, idOf?: (runId: string) => string | undefined): void {
  const replied = repliedRunIds(threadId);
  for (const { link, run } of listThreadRuns(threadId)) {
    if (run.status !== 'succeeded' || replied.has(run.id)) continue;
    try {
      appendThreadMessage({ id: idOf?.(run.id) ?? newId('msg'), threadId, role: 'assistant', content: outputText(run.output), assistantId: link.assistantId, runId: run.id });
    } catch (err) {
      // A concurrent reader appended it first (unique run_id): nothing to do.
      if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw err;
    }
  }
}

function activeRun(threadId: string) {
  return listThreadRuns(threadId).find(({ run }) => !isTerminalStatus(run.status));
}

export function addMessage(threadId: string, body: CreateMessageBody) {
  threadOrThrow(threadId);
  const active = activeRun(threadId);
  if (active) throw new OpenAIApiError('run_active', `Can't add messages to ${threadId} while a run ${active.run.id} is active.`);
  syncReplies(threadId);
  const m = appendThreadMessage({ id: newId('msg'), threadId, role: body.role, content: contentText(body.content), metadata: body.metadata ?? null });
  return messageObject(m);
}

export interface ListQuery {
  order?: 'asc' | 'desc';
  limit?: number;
  after?: string;
  before?: string;
}

/** A cursor page in OpenAI's list shape (default order: newest first). */
export function listMessages(threadId: string, q: ListQuery) {
  threadOrThrow(threadId);
  syncReplies(threadId);
  let rows = listThreadMessages(threadId);
  if ((q.order ?? 'desc') === 'desc') rows = rows.reverse();
  if (q.after) {
    const i = rows.findIndex((r) => r.id === q.after);
    rows = i >= 0 ? rows.slice(i + 1) : rows;
  }
  if (q.before) {
    const i = rows.findIndex((r) => r.id === q.before);
    rows = i >= 0 ? rows.slice(0, i) : rows;
  }
  const limit = Math.min(Math.max(q.limit ?? 20, 1), 100);
  const page = rows.slice(0, limit).map(messageObject);
  return { object: 'list' as const, data: page, first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null, has_more: rows.length > limit };
}

/** `key.apiKeyId`: the API key the caller used (the run counts toward its monthly budget, lib/server/auth-keys.ts). */
export async function createThreadRun(threadId: string, body: CreateThreadRunBody, key: { apiKeyId?: string } = {}) {
  threadOrThrow(threadId);
  const assistant = getAssistant(body.assistant_id);
  if (!assistant) throw notFound('assistant', body.assistant_id, 'assistant_id');
  const active = activeRun(threadId);
  if (active) throw new OpenAIApiError('run_active', `Thread ${threadId} already has an active run ${active.run.id}.`);
  syncReplies(threadId);
  const messages = listThreadMessages(threadId);
  const last = messages.at(-1);
  if (!last || last.role !== 'user') {
    throw new OpenAIApiError('invalid_thread', `Thread ${threadId} must end with a user message: it is the input of the run.`);
  }
  const instructions = [body.instructions ?? assistant.instructions, body.additional_instructions].filter((s): s is string => !!s).join('\n\n');
  const history: ChatMessage[] = [];
  if (instructions) history.push({ role: 'system', content: instructions });
  for (const m of messages.slice(0, -1)) history.push(m.role === 'user' ? { role: 'user', content: m.content } : { role: 'assistant', content: m.content });
  // inputs.messages replaces the initial [user input] of state.messages: the whole conversation.
  const conversation: ChatMessage[] = [...history, { role: 'user', content: last.content }];
  const run = await startRun(assistant.graphId, { input: last.content, inputs: history.length ? { messages: conversation } : undefined, source: 'openai', conversationId: threadId, ...key });
  insertThreadRun({ runId: run.id, threadId, assistantId: assistant.id, instructions: instructions || null, metadata: body.metadata ?? null });
  return readThreadRun(threadId, run.id);
}

export function readThreadRun(threadId: string, runId: string) {
  threadOrThrow(threadId);
  syncReplies(threadId);
  const found = getThreadRun(threadId, runId);
  if (!found) throw notFound('run', runId);
  return runObject(found.link, found.run, loadCheckpoint(runId));
}

export function listRuns(threadId: string) {
  threadOrThrow(threadId);
  syncReplies(threadId);
  const data = listThreadRuns(threadId)
    .reverse()
    .map(({ link, run }) => runObject(link, run, loadCheckpoint(run.id)));
  return { object: 'list' as const, data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: false };
}

/** The answer to a human step, as text: approve / reject[: reason] / continue / JSON ResumeValue / an edited value. */
export function resumeValueFromOutput(output: string): ResumeValue {
  const text = output.trim();
  const lower = text.toLowerCase();
  if (['approve', 'approved', 'yes', 'ok'].includes(lower)) return { action: 'approve' };
  if (lower === 'continue') return { action: 'continue' };
  const reject = /^(reject|rejected|no)\s*(?::\s*([\s\S]*))?$/i.exec(text);
  if (reject) return reject[2] ? { action: 'reject', reason: reject[2] } : { action: 'reject' };
  try {
    const parsed = ResumeValueSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data as ResumeValue;
  } catch {
    // not JSON: an edited value given as text
  }
  return { action: 'edit', value: text };
}

export async function submitToolOutputs(threadId: string, runId: string, outputs: { tool_call_id?: string; output: string }[]) {
  threadOrThrow(threadId);
  const found = getThreadRun(threadId, runId);
  if (!found) throw notFound('run', runId);
  const interrupt = found.run.status === 'paused' ? loadCheckpoint(runId)?.interrupt : undefined;
  if (interrupt?.kind === 'tool') {
    // A tool pause: each output answers the call it names (one output without an id answers the only call).
    const calls = interrupt.tool_calls ?? [];
    const tool_outputs = outputs.map((o, i) => ({ tool_call_id: o.tool_call_id ?? calls[i]?.id ?? '', output: o.output }));
    const unknown = tool_outputs.find((o) => !calls.some((c) => c.id === o.tool_call_id));
    if (unknown) {
      throw new OpenAIApiError('invalid_tool_call_id', `Unknown tool_call_id ${unknown.tool_call_id}: expected ${calls.map((c) => c.id).join(', ')}.`, { param: 'tool_outputs' });
    }
    await resumeRun(runId, { action: 'answer', tool_outputs, ...(calls.length === 1 ? { value: tool_outputs[0].output } : {}) });
    return readThreadRun(threadId, runId);
  }
  if (outputs.length !== 1) {
    throw new OpenAIApiError('invalid_tool_outputs', 'Exactly one output: the answer to the human step.', { param: 'tool_outputs' });
  }
  const output = outputs[0];
  if (output.tool_call_id && output.tool_call_id !== humanCallId(runId)) {
    throw new OpenAIApiError('invalid_tool_call_id', `Unknown tool_call_id ${output.tool_call_id}: expected ${humanCallId(runId)}.`, { param: 'tool_outputs' });
  }
  if (found.run.status !== 'paused' && found.run.status !== 'interrupted') {
    throw new OpenAIApiError('run_not_waiting', `Runs in status "${runObject(found.link, found.run, undefined).status}" do not accept tool outputs.`);
  }
  await resumeRun(runId, resumeValueFromOutput(output.output));
  return readThreadRun(threadId, runId);
}

export async function cancelThreadRun(threadId: string, runId: string) {
  threadOrThrow(threadId);
  if (!getThreadRun(threadId, runId)) throw notFound('run', runId);
  await cancelRun(runId);
  return readThreadRun(threadId, runId);
}
