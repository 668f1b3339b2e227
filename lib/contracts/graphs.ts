/**
 * Contracts of /api/graphs: request bodies the route handlers validate and the response shapes
 * the react-query hooks are typed by. Browser-safe: zod and the pure graph schema only.
 */
import { z } from 'zod';
import { GraphName, type GraphDocument } from '@/lib/graph/schema';
import type { ProblemJson } from './common';

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A graph document as a request field: must be an object here; checkGraphDocument judges the rest. */
export const DocumentField = z.custom<GraphDocument>(isObject, 'document must be an object (a graph document)');

// ------------------------------------------------------------------ responses

/** A problem of a graph document (the shape of lib/contracts/common.ts's ProblemJson). */
export const ProblemSchema = z.object({
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  message: z.string(),
  path: z.string(),
  line: z.number().int().optional(),
  col: z.number().int().optional(),
}) satisfies z.ZodType<ProblemJson>;

export const GraphSummary = z.object({
  id: z.string(),
  /** The workspace the graph belongs to (never part of its YAML). */
  workspace_id: z.string().optional(),
  name: z.string(),
  description: z.string().nullable(),
  /** Number of nodes (roles), START and END not counted. */
  roles: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GraphSummary = z.infer<typeof GraphSummary>;

export const GraphListResponse = z.object({ graphs: z.array(GraphSummary) });
export type GraphListResponse = z.infer<typeof GraphListResponse>;

/** The working draft: the last edit, kept with its problems because it does not validate (runs use `document`, version `version`). */
export const GraphDraft = z.object({
  document: DocumentField,
  problems: z.array(ProblemSchema),
  updated_at: z.string(),
});
export type GraphDraft = z.infer<typeof GraphDraft>;

export const GraphRecord = z.object({
  id: z.string(),
  /** The workspace the graph belongs to (never part of its YAML). */
  workspace_id: z.string().optional(),
  name: z.string(),
  description: z.string().nullable(),
  /** The last valid document: what runs and the API use. */
  document: DocumentField,
  version: z.number().int(),
  /** The working draft when the last edit did not validate, else null. */
  draft: GraphDraft.nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GraphRecord = z.infer<typeof GraphRecord>;

/** POST and PUT answer with the saved graph and the validation warnings of its document. */
/**
 * `saved` (PUT): what the save did: `unchanged`, `layout` (the current version's layout updated,
 * no new version), `coalesced` (an autosave replaced the autosaved version of the last minute),
 * `version` (a version appended), or `draft` (202: invalid, kept as the working draft; `problems` says why).
 */
export const SAVE_OUTCOMES = ['unchanged', 'layout', 'coalesced', 'version', 'draft'] as const;
export const SavedGraphResponse = GraphRecord.extend({
  warnings: z.array(ProblemSchema),
  saved: z.enum(SAVE_OUTCOMES).optional(),
  problems: z.array(ProblemSchema).optional(),
});
export type SavedGraphResponse = z.infer<typeof SavedGraphResponse>;

export const ImportGraphResponse = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  /** False when `?overwrite=true` replaced a graph of the same name (a version was appended). */
  created: z.boolean(),
  warnings: z.array(ProblemSchema),
});
export type ImportGraphResponse = z.infer<typeof ImportGraphResponse>;

const NamedChanges = z.object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) });
/** What changed from the previous version (lib/graph/version-changes.ts). */
export const VersionChangesSchema = z.object({ nodes: NamedChanges, edges: NamedChanges, sections: z.array(z.string()), layout: z.boolean() });

export const GraphVersionsResponse = z.object({
  versions: z.array(
    z.object({
      version: z.number().int(),
      created_at: z.string(),
      /** The note written with "Save version"; null for autosaved versions. */
      note: z.string().nullable().optional(),
      /** Changes from the previous version, and the same as one line. */
      changes: VersionChangesSchema.optional(),
      summary: z.string().optional(),
    }),
  ),
});
export type GraphVersionsResponse = z.infer<typeof GraphVersionsResponse>;

export const TemplateSummary = z.object({
  name: z.string(),
  description: z.string().nullable(),
  roles: z.number().int(),
});
export type TemplateSummary = z.infer<typeof TemplateSummary>;
export const TemplateListResponse = z.object({ templates: z.array(TemplateSummary) });
export type TemplateListResponse = z.infer<typeof TemplateListResponse>;

// ------------------------------------------------------------------ requests

/** POST /api/graphs with a full document. */
const CreateFromDocument = z.strictObject({ document: DocumentField });
/** POST /api/graphs from an example template; `name` defaults to the template's (made unique). */
const CreateFromTemplate = z.strictObject({
  template: z.string().min(1).max(200),
  name: GraphName.optional(),
});
/** POST /api/graphs for a blank graph (START → END); `name` defaults to `untitled` (made unique). */
const CreateBlank = z.strictObject({
  name: GraphName.optional(),
  description: z.string().max(10_000).optional(),
});
export const CreateGraphRequest = z.union([CreateFromDocument, CreateFromTemplate, CreateBlank]);
export type CreateGraphRequest = z.infer<typeof CreateGraphRequest>;

/**
 * PUT /api/graphs/:id. `autosave` (the editor): an invalid document is kept as the working draft
 * (202 with its problems) instead of a 422, and logic edits within a minute of the previous
 * autosaved version replace it instead of adding versions.
 */
export const UpdateGraphRequest = z.strictObject({ document: DocumentField, autosave: z.boolean().optional() });
export type UpdateGraphRequest = z.infer<typeof UpdateGraphRequest>;

const BooleanParam = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

/** `overwrite`: a name that exists gets a new version; `as_copy`: the graph is saved under the next free name (`name-2`, …). */
export const ImportGraphQuery = z.object({ overwrite: BooleanParam.optional().default(false), as_copy: BooleanParam.optional().default(false) });
export type ImportGraphQuery = z.infer<typeof ImportGraphQuery>;

/** Media types accepted by POST /api/graphs/import (the raw YAML text is the body). */
export const YAML_MEDIA_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml', 'text/plain'] as const;
