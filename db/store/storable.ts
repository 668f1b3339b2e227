/**
 * What text every store can hold: Postgres text and jsonb refuse the NUL character (SQLite would
 * keep it), so writes refuse it on both with a 400 naming what held it, and lookups by a key
 * holding it answer "no such row" without asking the database.
 */
import { badRequest } from '@/lib/errors';

/** Refuses a value stored as text or JSON that holds a NUL character (`what` names it in the message). */
export function checkStorableJson(what: string, value: unknown): void {
  // JSON writes NUL as \u0000 and a backslash as \\: an escape preceded by an even run of backslashes is a NUL.
  if (/(?:^|[^\\])(?:\\\\)*\\u0000/.test(JSON.stringify(value) ?? '')) throw badRequest(`${what} contains a NUL character (\\u0000), which cannot be stored`);
}

/** Lookup keys no row can have (a NUL character): answered "not found" without asking the database. */
export function unmatchable(key: string): boolean {
  return key.includes('\0');
}
