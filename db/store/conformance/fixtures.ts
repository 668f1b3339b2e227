/** Documents, users and runs the conformance specs write. */
import { randomUUID } from 'node:crypto';
import { newRunId } from '@/db/runs';
import { getStore } from '../index';
import type { Role } from '@/lib/contracts/auth';
import { AppError } from '@/lib/errors';
import type { GraphDocument } from '@/lib/graph/schema';
import type { NewUser } from '../ports';

/** A valid three-node graph named `name` (writer, reviewer, approve). */
export function doc(name: string, extra: Partial<GraphDocument> = {}): GraphDocument {
  return {
    switchyard: 1,
    name,
    nodes: {
      writer: { role: 'agent', strategy: 'tool_calling' },
      reviewer: { role: 'agent', strategy: 'tool_calling' },
      approve: { role: 'human', prompt: 'Publish?' },
    },
    edges: [
      { from: 'START', to: 'writer' },
      { from: 'writer', to: 'reviewer' },
      { from: 'reviewer', to: 'approve' },
      { from: 'approve', to: 'END' },
    ],
    ...extra,
  } as GraphDocument;
}

/** The same logic as `d` with another layout (a layout-only edit). */
export function moved(d: GraphDocument, x: number): GraphDocument {
  return { ...d, layout: { writer: { x, y: 0 } } };
}

export function user(email: string, role: Role = 'editor'): NewUser {
  return { email, name: email.split('@')[0]!, role, passwordHash: `hash-${randomUUID()}` };
}

/** A run of the graph's version (through the store's runs), with an API key and a cost. */
export async function seedRun(graph: { id: string; name: string; version: number }, opts: { apiKeyId?: string; costUsd?: number } = {}): Promise<string> {
  const store = getStore();
  const id = newRunId();
  await store.runs.insert({ id, graphId: graph.id, graphName: graph.name, graphVersion: graph.version, input: 'hi', source: 'api', apiKeyId: opts.apiKeyId ?? null });
  if (opts.costUsd !== undefined) await store.runs.update(id, { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2, cost_usd: opts.costUsd } });
  return id;
}

/** The AppError code a promise rejected with ('resolved' when it did not reject). */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'resolved';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

/** How many of the settled promises were fulfilled, and the AppError codes of the rejected ones. */
export function outcomes(results: PromiseSettledResult<unknown>[]): { fulfilled: number; codes: string[] } {
  const codes = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason instanceof AppError ? r.reason.code : String(r.reason)));
  return { fulfilled: results.filter((r) => r.status === 'fulfilled').length, codes };
}
