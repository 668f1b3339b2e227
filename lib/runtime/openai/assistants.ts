/**
 * The assistants flow of seed 003 over graph runs: an assistant names a graph; a thread run runs
 * it over the thread's messages (system = instructions, the last user message = input, the rest
 * = history). A finished run's answer is appended to the thread as an assistant message the next
 * time the thread or the run is read (so it also happens for runs that finished before a restart).
 * A run paused at a human node reports `requires_action`; submit_tool_outputs answers it.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { ResumeValue } from '@/lib/contracts/trace';
import type { ChatMessage } from '@/lib/engine/ports';
import { contentText, type CreateAssistantBody, type CreateMessageBody, type CreateThreadBody, type CreateThreadRunBody } from '@/lib/contracts/openai';
import { ResumeValueSchema } from '@/lib/contracts/runs';
import { getStore, type AssistantRow, type ThreadRow } from '@/db/store';
import { checkStorableJson } from '@/db/store/storable';
import { cancelRun, resumeRun, startRun } from '../run-manager';
import { isTerminalStatus } from '../run-status';
import { assistantObject, humanCallId, messageObject, runObject, threadObject } from './assistant-objects';
import { checkAssistantBody, runDocument } from './assistant-tools';
import { keepCallerTools, restoreCallerTools } from './client-tools';
import { OpenAIApiError } from './errors';
import { graphForModel } from './graph-ref';
import { pageOf, type ListQuery } from './list-page';
import { outputText } from './run-reply';
import { listRunSteps, readRunStep } from './run-steps';
import { outsideVersion } from '../published';

export const newId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '')}`;

function notFound(what: string, id: string, param?: string): OpenAIApiError {
  return new OpenAIApiError('not_found', `No ${what} found with id '${id}'.`, { param: param ?? null });
}

async function graphNameOf(a: AssistantRow): Promise<string> {
  return (await getStore().graphs.get(a.graphId))?.name ?? a.graphId;
}

/** An assistant of a graph of the workspace (`model`: its name or id there). */
export async function createAssistant(body: CreateAssistantBody, workspaceId: string) {
  const graph = await graphForModel(body.model, workspaceId);
  // function tools the graph's entry agent can offer; hosted tools and assistant-level sampling: 400 (assistant-tools.ts).
  checkAssistantBody(graph.document, body);
  const row = await getStore().assistants.insert({
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
  const a = await getStore().assistants.get(id);
  if (!a) throw notFound('assistant', id);
  return assistantObject(a, await graphNameOf(a));
}

async function threadOrThrow(id: string): Promise<ThreadRow> {
  const t = await getStore().threads.get(id);
  if (!t) throw notFound('thread', id);
  return t;
}

/** A thread in the workspace. */
export async function createThread(body: CreateThreadBody, workspaceId: string) {
  checkStorableJson('the thread', body); // before anything is written: no thread without its messages
  const t = await getStore().threads.insert({ id: newId('thread'), workspaceId, metadata: body.metadata ?? null });
  for (const m of body.messages ?? []) await getStore().threads.appendMessage({ id: newId('msg'), threadId: t.id, role: m.role, content: contentText(m.content), metadata: m.metadata ?? null });
  return threadObject(t);
}

export async function readThread(id: string) {
  return threadObject(await threadOrThrow(id));
}

/**
 * Appends the answers of finished runs that are not in the thread yet; `idOf` names the message of a
 * run whose id a stream announced already.
 */
export async function syncReplies(threadId: string, idOf?: (runId: string) => string | undefined): Promise<void> {
  const store = getStore();
  const replied = await store.threads.repliedRunIds(threadId);
  for (const { link, run } of await store.threads.listRuns(threadId)) {
    if (run.status !== 'succeeded' || replied.has(run.id)) continue;
    // undefined when a concurrent reader appended it first (one reply per run): nothing to do.
    await store.threads.appendMessage({ id: idOf?.(run.id) ?? newId('msg'), threadId, role: 'assistant', content: outputText(run.output), assistantId: link.assistantId, runId: run.id });
  }
}

async function activeRun(threadId: string) {
  return (await getStore().threads.listRuns(threadId)).find(({ run }) => !isTerminalStatus(run.status));
}

export async function addMessage(threadId: string, body: CreateMessageBody) {
  await threadOrThrow(threadId);
  const active = await activeRun(threadId);
  if (active) throw new OpenAIApiError('run_active', `Can't add messages to ${threadId} while a run ${active.run.id} is active.`);
  await syncReplies(threadId);
  const m = await getStore().threads.appendMessage({ id: newId('msg'), threadId, role: body.role, content: contentText(body.content), metadata: body.metadata ?? null });
  if (!m) throw new Error('unreachable: a message without a run is always appended');
  return messageObject(m);
}

export type { ListQuery };

/** A cursor page in OpenAI's list shape (default order: newest first). */
export async function listMessages(threadId: string, q: ListQuery) {
  await threadOrThrow(threadId);
  await syncReplies(threadId);
  const page = pageOf(await getStore().threads.listMessages(threadId), q);
  return { ...page, data: page.data.map(messageObject) };
}

/** One message of the thread (legacy `messages.retrieve`). */
export async function readMessage(threadId: string, messageId: string) {
  await threadOrThrow(threadId);
  await syncReplies(threadId);
  const m = (await getStore().threads.listMessages(threadId)).find((r) => r.id === messageId);
  if (!m) throw notFound('message', messageId);
  return messageObject(m);
}

/** The steps of a thread's run (legacy `runs.steps.list`), and one of them (run-steps.ts). */
export async function listThreadRunSteps(threadId: string, runId: string, q: ListQuery) {
  await threadOrThrow(threadId);
  await syncReplies(threadId);
  const found = await getStore().threads.getRun(threadId, runId);
  if (!found) throw notFound('run', runId);
  return listRunSteps(found.link, found.run, q);
}

export async function readThreadRunStep(threadId: string, runId: string, stepId: string) {
  await threadOrThrow(threadId);
  await syncReplies(threadId);
  const found = await getStore().threads.getRun(threadId, runId);
  if (!found) throw notFound('run', runId);
  return readRunStep(found.link, found.run, stepId);
}

/** `key.apiKeyId`: the API key the caller used (the run counts toward its monthly budget, lib/server/auth-keys.ts). */
export async function createThreadRun(threadId: string, body: CreateThreadRunBody, key: { apiKeyId?: string } = {}) {
  const thread = await threadOrThrow(threadId);
  const assistant = await getStore().assistants.get(body.assistant_id);
  const graph = assistant ? await getStore().graphs.get(assistant.graphId) : undefined;
  // An assistant of another workspace's graph is not there for this thread (the same 404: ids do not leak).
  if (!assistant || !graph || graph.workspaceId !== thread.workspaceId) throw notFound('assistant', body.assistant_id, 'assistant_id');
  // The run's tools (else the assistant's) as client tools, and its sampling parameters (assistant-tools.ts).
  const planned = runDocument(graph.document, assistant.tools, body);
  const active = await activeRun(threadId);
  if (active) throw new OpenAIApiError('run_active', `Thread ${threadId} already has an active run ${active.run.id}.`);
  await syncReplies(threadId);
  const messages = await getStore().threads.listMessages(threadId);
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
  const run = await startRun(assistant.graphId, {
    input: last.content,
    inputs: history.length ? { messages: conversation } : undefined,
    source: 'openai',
    conversationId: threadId,
    version: await outsideVersion(graph), // the published version, else the newest
    document: planned.document,
    toolChoice: planned.toolChoice,
    ...key,
  });
  if (planned.kept) await keepCallerTools(run.id, planned.kept.node, planned.kept.tools, body.tool_choice ?? null);
  await getStore().threads.insertRun({ runId: run.id, threadId, assistantId: assistant.id, instructions: instructions || null, metadata: body.metadata ?? null });
  return threadRunObject(threadId, run.id);
}

export async function readThreadRun(threadId: string, runId: string) {
  await threadOrThrow(threadId);
  await syncReplies(threadId);
  return threadRunObject(threadId, runId);
}

/**
 * The run as it is, its reply not synced: what a run just started or resumed answers with. (The
 * run goes on while this awaits the store; were its reply appended here, a stream announcing the
 * reply under its own message id would find it taken.)
 */
async function threadRunObject(threadId: string, runId: string) {
  const found = await getStore().threads.getRun(threadId, runId);
  if (!found) throw notFound('run', runId);
  return runObject(found.link, found.run, await getStore().checkpoints.latest(runId), await runTools(runId));
}

/** The function tools a run offers (kept with it by client-tools.ts), in OpenAI's shape. */
async function runTools(runId: string): Promise<unknown[]> {
  const kept = await getStore().chatTools.getRun(runId);
  return Object.entries(kept?.tools ?? {}).map(([name, t]) => ({ type: 'function', function: { name, ...t } }));
}

export async function listRuns(threadId: string) {
  await threadOrThrow(threadId);
  await syncReplies(threadId);
  const data = await Promise.all(
    (await getStore().threads.listRuns(threadId)).reverse().map(async ({ link, run }) => runObject(link, run, await getStore().checkpoints.latest(run.id), await runTools(run.id))),
  );
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
  await threadOrThrow(threadId);
  const found = await getStore().threads.getRun(threadId, runId);
  if (!found) throw notFound('run', runId);
  const interrupt = found.run.status === 'paused' ? (await getStore().checkpoints.latest(runId))?.interrupt : undefined;
  if (interrupt?.kind === 'tool') {
    // A tool pause: each output answers the call it names (one output without an id answers the only call).
    const calls = interrupt.tool_calls ?? [];
    const tool_outputs = outputs.map((o, i) => ({ tool_call_id: o.tool_call_id ?? calls[i]?.id ?? '', output: o.output }));
    const unknown = tool_outputs.find((o) => !calls.some((c) => c.id === o.tool_call_id));
    if (unknown) {
      throw new OpenAIApiError('invalid_tool_call_id', `Unknown tool_call_id ${unknown.tool_call_id}: expected ${calls.map((c) => c.id).join(', ')}.`, { param: 'tool_outputs' });
    }
    // A call of the run's function tools: the resumed run offers them again (client-tools.ts).
    await resumeRun(runId, { action: 'answer', tool_outputs, ...(calls.length === 1 ? { value: tool_outputs[0].output } : {}) }, { document: await restoreCallerTools(runId) });
    return threadRunObject(threadId, runId);
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
  return threadRunObject(threadId, runId);
}

export async function cancelThreadRun(threadId: string, runId: string) {
  await threadOrThrow(threadId);
  if (!(await getStore().threads.getRun(threadId, runId))) throw notFound('run', runId);
  await cancelRun(runId);
  return readThreadRun(threadId, runId);
}
