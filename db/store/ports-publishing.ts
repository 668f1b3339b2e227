/**
 * Publishing and sharing in the async store (issue 22; db/store/ports.ts). A graph's publication
 * names the version outside callers run (lib/runtime/published.ts); its share settings say who may
 * open its public chat. Both belong to the graph (and so to its workspace: the routes check the
 * caller's role on the graph first) and go with it. Failures as everywhere: unknown graphs are
 * `null` from lookups and `not_found` from writes, text holding a NUL is `bad_request` on writes.
 */
import type { GraphPublicationRow, GraphShareRow, ShareAccess } from '../schema/publishing';

export type { GraphPublicationRow, GraphShareRow, ShareAccess };

export interface PublishInput {
  version: number;
  note: string | null;
  publishedBy: string | null;
  at?: Date;
}

export interface PublicationRepository {
  /** The graph's publication; null when it was never published (or was unpublished), or for an unknown graph. */
  get(graphId: string): Promise<GraphPublicationRow | null>;
  /** Points the graph at one of its versions (a rollback publishes an older one). not_found: no such graph, or no such version of it. */
  publish(graphId: string, input: PublishInput): Promise<GraphPublicationRow>;
  /** Removes the publication (outside callers run the newest version again); false when there was none. */
  unpublish(graphId: string): Promise<boolean>;
}

/** Everything a share row holds but its graph and timestamp. */
export type ShareSettings = Omit<GraphShareRow, 'graphId' | 'updatedAt'>;

export interface ShareRepository {
  /** null when the graph has no share settings yet (sharing is off). */
  get(graphId: string): Promise<GraphShareRow | null>;
  /** The share row with this token (whatever its access), or null. */
  byToken(token: string): Promise<GraphShareRow | null>;
  /** Creates or replaces the graph's settings. not_found: no such graph; conflict: the token is another graph's. */
  put(graphId: string, settings: ShareSettings, at?: Date): Promise<GraphShareRow>;
  /** USD spent since `since` by the graph's runs with source `public` (runs without a cost count 0). */
  publicSpend(graphId: string, since: Date): Promise<number>;
}
