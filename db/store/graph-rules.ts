/**
 * The decisions of the graph repository, written once for both stores (db/graphs.ts for SQLite,
 * db/store/pg/graphs.ts for Postgres): which save outcome an edit gets, when an autosave may replace
 * the current version and which names are tried for a copy.
 */
import { AppError, badRequest, conflict } from '@/lib/errors';
import type { GraphDocument } from '@/lib/graph/schema';
import { canonicalJson, sameLogic } from '@/lib/graph/version-changes';
import type { GraphRow, GraphVersionRow, SaveOutcome } from './ports';
import { checkStorableJson } from './storable';

/** How long after an autosaved version later autosaves replace it instead of adding versions (the quiet period). */
export const COALESCE_MS = 60_000;

/** The longest graph name (lib/graph/schema's limit); copies' suffixes stay within it. */
const NAME_MAX = 80;

export function nameTaken(name: string): AppError {
  return conflict(`a graph named "${name}" already exists`);
}

export function importConflict(name: string, id: string): AppError {
  return new AppError('conflict', `a graph named "${name}" already exists`, { id });
}

/**
 * A document a store can hold: Postgres text and jsonb refuse the NUL character (SQLite would keep
 * it), so it is refused on both, naming where it is.
 */
export function checkStorable(doc: GraphDocument): void {
  if (doc.name.includes('\0')) throw badRequest('graph name: contains a NUL character (\\u0000), which cannot be stored');
  checkStorableJson(`graph "${doc.name}": the document`, doc);
}

/** Version numbers are positive integers; anything else names no version. */
export function isVersionNumber(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}

/** `base`, then `base-2`, `base-3`, … cut to the name limit. */
export function* nameCandidates(base: string): Generator<string> {
  yield base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    yield `${base.slice(0, NAME_MAX - suffix.length)}${suffix}`;
  }
}

/** What an edit of `current` into `doc` does, before asking whether an autosave may coalesce. */
export function editKind(current: GraphRow, doc: GraphDocument): 'unchanged' | 'layout' | 'logic' {
  if (!sameLogic(current.document, doc)) return 'logic';
  return canonicalJson(current.document) === canonicalJson(doc) ? 'unchanged' : 'layout';
}

/** An autosaved version, without a note, written within the quiet period (whether a run used it is the store's question). */
export function coalescibleVersion(v: GraphVersionRow | null | undefined, at: Date): boolean {
  if (!v || !v.auto || v.note) return false;
  return at.getTime() - (v.updatedAt ?? v.createdAt).getTime() < COALESCE_MS;
}

export type { SaveOutcome };
