/** Database rows -> the JSON shapes of lib/contracts/graphs.ts. */
import 'server-only';
import type { GraphSummary as SummaryJson, GraphRecord as RecordJson, TemplateSummary } from '@/lib/contracts/graphs';
import type { GraphSummary } from '@/db/store';
import type { GraphRow } from '@/db/schema';
import { defaultModels } from '@/lib/graph/roles';
import type { GraphDocument } from '@/lib/graph/schema';

export function summaryJson(s: GraphSummary): SummaryJson {
  return {
    id: s.id,
    workspace_id: s.workspaceId,
    name: s.name,
    description: s.description,
    roles: s.roles,
    version: s.version,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export function recordJson(row: GraphRow): RecordJson {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    name: row.name,
    description: row.description,
    document: row.document,
    version: row.version,
    draft: row.draft ? { document: row.draft.document as RecordJson['document'], problems: row.draft.problems, updated_at: new Date(row.draft.updatedAt).toISOString() } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function templateJson(doc: GraphDocument): TemplateSummary {
  return { name: doc.name, description: doc.description ?? null, roles: Object.keys(doc.nodes).length };
}

/** A new, empty graph: START wired straight to END (valid, runnable, nothing to configure yet). */
export function blankDocument(name: string, description?: string): GraphDocument {
  return {
    switchyard: 1,
    name,
    ...(description ? { description } : {}),
    // The model entry that nodes without `model` use; the operator's `default` connection serves it.
    models: defaultModels(),
    nodes: {},
    edges: [{ from: 'START', to: 'END' }],
  };
}
