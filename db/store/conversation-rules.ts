/** What both stores decide alike about conversations (db/conversations.ts, db/store/pg/conversations.ts). */
import { and, eq, inArray, type Column, type SQL } from 'drizzle-orm';
import type { ConversationRow } from '../schema/conversations';
import { MAX_CONVERSATIONS_LISTED, type ConversationListOptions } from './ports-conversations';
import type { WorkspaceScope } from './ports-workspaces';
import { unmatchable } from './storable';

/** The columns a rule reads, of either store's table (Postgres' mirrored tables are loosely typed: pass their columns). */
export type Columns<K extends string> = { [P in K]: Column };

export interface ConversationPatch {
  title?: string | null;
  titleIfUnset?: string;
  metadata?: Record<string, string> | null;
  at?: Date;
}

/** The where clauses of a list; null when nothing can match (an empty scope, a key holding a NUL). */
export function listFilters(t: Columns<'workspaceId' | 'graphId' | 'source' | 'visitorId'>, scope: WorkspaceScope, opts: ConversationListOptions): SQL[] | null {
  if (scope.length === 0) return null;
  for (const v of [opts.graphId, opts.visitorId, opts.source]) if (v !== undefined && unmatchable(v)) return null;
  const where: SQL[] = [inArray(t.workspaceId, [...scope])];
  if (opts.graphId !== undefined) where.push(eq(t.graphId, opts.graphId));
  if (opts.source !== undefined) where.push(eq(t.source, opts.source));
  if (opts.visitorId !== undefined) where.push(eq(t.visitorId, opts.visitorId));
  return where;
}

export const listLimit = (opts: ConversationListOptions): number => Math.max(1, Math.min(Math.floor(opts.limit ?? MAX_CONVERSATIONS_LISTED), MAX_CONVERSATIONS_LISTED));

/** The columns an update of `current` sets: `updatedAt`, the title (or `titleIfUnset` when it has none) and metadata when given. */
export function updateValues(current: ConversationRow, patch: ConversationPatch): Partial<ConversationRow> {
  const set: Partial<ConversationRow> = { updatedAt: patch.at ?? new Date() };
  if (patch.title !== undefined) set.title = patch.title;
  else if (patch.titleIfUnset !== undefined && current.title === null) set.title = patch.titleIfUnset;
  if (patch.metadata !== undefined) set.metadata = patch.metadata;
  return set;
}

/** A conversation's runs: its id, of graphs in its workspace (of its graph, when it has one). */
export function turnsWhere(c: ConversationRow, runs: Columns<'conversationId' | 'graphId'>, graphs: Columns<'workspaceId'>): SQL | undefined {
  return and(eq(runs.conversationId, c.id), eq(graphs.workspaceId, c.workspaceId), ...(c.graphId ? [eq(runs.graphId, c.graphId)] : []));
}
