/**
 * Stored responses of the Responses API (db/schema/responses.ts) in the async store. Same failure
 * rules as every repository: unknown ids are `undefined`/false, text holding a NUL character is
 * `bad_request` on writes and "no such row" on lookups.
 */
import type { ResponseRow } from '../schema/responses';

export type { ResponseRow };

export type NewResponse = Omit<ResponseRow, 'createdAt' | 'response'>;

export interface ResponseRepository {
  /** conflict: the id is taken; not_found: no such workspace or run. */
  insert(r: NewResponse): Promise<ResponseRow>;
  get(id: string): Promise<ResponseRow | undefined>;
  /** Keeps the settled response object; false when there is no such response. */
  settle(id: string, response: Record<string, unknown>): Promise<boolean>;
  /** false when there was none. The run stays. */
  delete(id: string): Promise<boolean>;
}
