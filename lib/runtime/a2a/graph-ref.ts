/**
 * The graph an A2A request names (/api/a2a/<graph>): a saved graph of the caller's workspace, by
 * name or id, resolved as /api/v1/chat/completions resolves `model` today. The ONE place A2A looks
 * a graph up: the row carries the version outside callers run (the published one, else the newest:
 * published.ts), which graph-agent.ts passes to startRun.
 */
import 'server-only';
import { getStore } from '@/db/store';
import type { GraphRow } from '@/db/schema/graphs';
import { AppError } from '@/lib/errors';
import { outsideGraph } from '../published';

export async function a2aGraph(name: string, workspaceId: string): Promise<GraphRow> {
  const g = await getStore().graphs.find(name, workspaceId);
  if (!g) throw new AppError('not_found', `No graph "${name}" in this workspace: /.well-known/agent-card.json lists the agents (graphs) this key reaches.`);
  return await outsideGraph(g);
}
