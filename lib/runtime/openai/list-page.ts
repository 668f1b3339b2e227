/** OpenAI's cursor pages (`order`, `limit`, `after`, `before`) over a list held oldest first: the legacy Assistants lists. */

export interface ListQuery {
  order?: 'asc' | 'desc';
  limit?: number;
  after?: string;
  before?: string;
}

/** A page in OpenAI's list shape (default order: newest first; default limit 20, at most 100). */
export function pageOf<T extends { id: string }>(oldestFirst: T[], q: ListQuery) {
  let rows = (q.order ?? 'desc') === 'desc' ? [...oldestFirst].reverse() : oldestFirst;
  if (q.after) {
    const i = rows.findIndex((r) => r.id === q.after);
    rows = i >= 0 ? rows.slice(i + 1) : rows;
  }
  if (q.before) {
    const i = rows.findIndex((r) => r.id === q.before);
    rows = i >= 0 ? rows.slice(0, i) : rows;
  }
  const limit = Math.min(Math.max(q.limit ?? 20, 1), 100);
  const data = rows.slice(0, limit);
  return { object: 'list' as const, data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: rows.length > limit };
}
