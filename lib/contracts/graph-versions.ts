/**
 * Contracts of one saved version of a graph: GET /api/graphs/:id/versions/:version and
 * POST /api/graphs/:id/versions/:version/restore, and the diff of any two versions
 * (GET /api/graphs/:id/versions/diff?a=V&b=W). The list (GET /api/graphs/:id/versions) is
 * GraphVersionsResponse in ./graphs. Browser-safe: zod only.
 */
import { z } from 'zod';
import { DocumentField, SavedGraphResponse, VersionChangesSchema } from './graphs';

/** The `:version` path segment: a positive integer written in decimal digits (400 otherwise). */
export const VersionParam = z
  .string()
  .regex(/^[0-9]{1,15}$/, 'version must be a positive integer, e.g. /versions/3')
  .transform(Number)
  .pipe(z.number().int().positive('version must be a positive integer, e.g. /versions/3'));

/** One stored version: its document as saved (not migrated) and that document as canonical YAML. */
export const GraphVersionRecord = z.object({
  version: z.number().int(),
  created_at: z.string(),
  document: DocumentField,
  yaml: z.string(),
});
export type GraphVersionRecord = z.infer<typeof GraphVersionRecord>;

/**
 * Optional body of a restore. `base_version`: the current version the client compared against;
 * when the graph has moved on since, the restore is refused (409) instead of silently dropping it.
 */
export const RestoreVersionRequest = z.strictObject({ base_version: z.number().int().positive().optional() });
export type RestoreVersionRequest = z.infer<typeof RestoreVersionRequest>;

/** The graph after a restore (a new version holding the old document), like a PUT's answer. */
export const RestoreVersionResponse = SavedGraphResponse.extend({ restored_from: z.number().int() });
export type RestoreVersionResponse = z.infer<typeof RestoreVersionResponse>;

/** POST /api/graphs/:id/versions ("Save version"): a new version with a note, of `document` (validated) or else the current document. */
export const SaveVersionRequest = z.strictObject({
  note: z.string().trim().min(1, 'write a note saying what this version is').max(2000),
  document: DocumentField.optional(),
});
export type SaveVersionRequest = z.infer<typeof SaveVersionRequest>;

/** One line of a YAML line diff (lib/graph/line-diff.ts): unchanged, added or removed, with its line numbers. */
export const DiffLineSchema = z.object({
  op: z.enum(['same', 'add', 'del']),
  text: z.string(),
  oldNo: z.number().int().nullable(),
  newNo: z.number().int().nullable(),
});

/**
 * GET /api/graphs/:id/versions/diff?a=V&b=W: version `a` → version `b` (any two, in that order):
 * the canonical YAML line diff, its counts, and what changed in nodes and edges (and the one-line summary).
 */
export const VersionDiffResponse = z.object({
  a: z.number().int(),
  b: z.number().int(),
  lines: z.array(DiffLineSchema),
  stats: z.object({ added: z.number().int(), removed: z.number().int() }),
  changes: VersionChangesSchema,
  summary: z.string(),
});
export type VersionDiffResponse = z.infer<typeof VersionDiffResponse>;
