/**
 * OpenAI's Conversations API (/api/v1/conversations) on the one conversations store
 * (db/schema/conversations.ts) that the editor's chat, public chats and node memory use. A
 * conversation's items are, in order:
 * - its turns, the runs with its id as `conversation_id` (e.g. from the editor's chat): the input as a
 *   user message and the answer as an assistant message;
 * - the items kept for it (db/schema/responses.ts conversationItems): those added with POST
 *   .../items, and the input and output items (function calls included) of each response run in it,
 *   which stand for their run's turn.
 * A response with `conversation` is given the conversation's items before its input (responses.ts).
 */
import 'server-only';
import type { RunRow } from '@/db/runs';
import { getStore, type ConversationItemRow, type ConversationRow } from '@/db/store';
import type { ConversationCreateRequest } from '@/lib/contracts/openai-responses';
import { OpenAIApiError } from './errors';
import { newItemId, normalizeInput, type Item } from './response-items';
import { outputText } from './run-reply';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function conversationObject(c: ConversationRow): Record<string, unknown> {
  return { id: c.id, object: 'conversation', created_at: seconds(c.createdAt), metadata: c.metadata ?? {} };
}

/** A conversation of a workspace the caller may see (OpenAI's 404 otherwise, naming `param`). */
export async function storedConversation(id: string, visible: (workspaceId: string) => boolean, param: string | null = null): Promise<ConversationRow> {
  const c = await getStore().conversations.get(id);
  if (!c || !visible(c.workspaceId)) throw new OpenAIApiError('not_found', `Conversation with id '${id}' not found.`, { param, code: 'conversation_not_found' });
  return c;
}

export async function createConversation(body: ConversationCreateRequest, workspaceId: string): Promise<Record<string, unknown>> {
  const items = normalizeInput(body.items ?? [], 'items');
  const c = await getStore().conversations.create({ id: newItemId('conv'), workspaceId, graphId: null, source: 'openai', metadata: body.metadata ?? null });
  if (items.length) await getStore().conversationItems.append(c.id, items.map((item) => ({ id: item.id, item })));
  return conversationObject(c);
}

/** A run's turn as items: its input, and its answer once it succeeded. */
function turnItems(run: RunRow): { seq: number; item: Item }[] {
  const at = run.createdAt.getTime() * 1000;
  const out = [{ seq: at, item: { id: `msg_${run.id}_in`, type: 'message', role: 'user', status: 'completed', content: [{ type: 'input_text', text: run.input }] } as Item }];
  if (run.status === 'succeeded') {
    out.push({ seq: at + 1, item: { id: `msg_${run.id}_out`, type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: outputText(run.output), annotations: [] }] } });
  }
  return out;
}

/** Every item of the conversation, oldest first. */
export async function conversationItems(c: ConversationRow): Promise<Item[]> {
  const kept: ConversationItemRow[] = await getStore().conversationItems.list(c.id);
  const runsWithItems = new Set(kept.map((r) => r.runId).filter(Boolean));
  const turns = (await getStore().conversations.turns(c.id)).filter((r) => !runsWithItems.has(r.id)).flatMap(turnItems);
  const all = [...kept.map((r) => ({ seq: r.seq, item: { ...r.item, id: r.id } as Item })), ...turns];
  return all.sort((a, b) => a.seq - b.seq).map((x) => x.item);
}

/** Keeps a response's input and output items in its conversation (ids it has already are not added twice). */
export async function keepTurnItems(conversationId: string, runId: string, items: Item[]): Promise<void> {
  const have = new Set((await getStore().conversationItems.list(conversationId)).map((r) => r.id));
  const fresh = items.filter((i) => !have.has(i.id));
  if (fresh.length) await getStore().conversationItems.append(conversationId, fresh.map((item) => ({ id: item.id, runId, item })));
}

export async function addItems(c: ConversationRow, raw: ConversationCreateRequest['items']): Promise<Record<string, unknown>> {
  const items = normalizeInput(raw ?? [], 'items');
  await getStore().conversationItems.append(c.id, items.map((item) => ({ id: item.id, item })));
  return { object: 'list', data: items, first_id: items[0]?.id ?? null, last_id: items.at(-1)?.id ?? null, has_more: false };
}

export async function findItem(c: ConversationRow, id: string): Promise<Item> {
  const item = (await conversationItems(c)).find((i) => i.id === id);
  if (!item) throw new OpenAIApiError('not_found', `Item with id '${id}' not found in conversation ${c.id}.`, { code: 'item_not_found' });
  return item;
}

/** Deletes an item kept for the conversation; a run's turn is removed by deleting the run (or the conversation). */
export async function deleteItem(c: ConversationRow, id: string): Promise<Record<string, unknown>> {
  if (!(await getStore().conversationItems.delete(c.id, id))) {
    await findItem(c, id); // 404 when there is no such item at all
    throw new OpenAIApiError('bad_request', `Item ${id} is a turn of one of the conversation's runs: delete the run or the conversation instead.`, { param: 'item_id', code: 'invalid_value' });
  }
  return conversationObject(c);
}

/** A page of items as OpenAI lists them (`order` desc by default, `limit` 1–100, `after` an item id). */
export function page(items: Item[], url: URL, what: string): Record<string, unknown> {
  const order = url.searchParams.get('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') throw new OpenAIApiError('bad_request', 'order must be asc or desc.', { param: 'order', code: 'invalid_value' });
  const limit = Number(url.searchParams.get('limit') ?? 20);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new OpenAIApiError('bad_request', 'limit must be an integer from 1 to 100.', { param: 'limit', code: 'invalid_value' });
  let list = order === 'desc' ? [...items].reverse() : [...items];
  const after = url.searchParams.get('after');
  if (after) {
    const at = list.findIndex((i) => i.id === after);
    if (at < 0) throw new OpenAIApiError('bad_request', `after: no item ${after} in ${what}.`, { param: 'after', code: 'invalid_value' });
    list = list.slice(at + 1);
  }
  const data = list.slice(0, limit);
  return { object: 'list', data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: list.length > limit };
}
