/**
 * The one error shape of the HTTP API, shared by route handlers and browser code:
 * `{ error: { code, message, details? } }`, plus `errors: Problem[]` on 422 (invalid graph documents).
 * Browser-safe: zod only.
 */
import { z } from 'zod';

export const ProblemSchema = z.object({
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  message: z.string(),
  path: z.string(),
  line: z.number().int().optional(),
  col: z.number().int().optional(),
});
export type ProblemJson = z.infer<typeof ProblemSchema>;

/** Stable error codes of the API. */
export const ERROR_CODES = [
  'bad_request',
  'not_found',
  'conflict',
  'invalid_graph',
  'payload_too_large',
  'unsupported_media_type',
  'method_not_allowed',
  'internal',
] as const;

export const ErrorBody = z.object({
  error: z.object({
    /** One of ERROR_CODES for this API; other resources may add their own. */
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
  /** The problems of an invalid graph document (422), each with a path and, from YAML, line/col. */
  errors: z.array(ProblemSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Reads an error body tolerantly: anything that is not the shape gives null. */
export function parseErrorBody(value: unknown): ErrorBody | null {
  const parsed = ErrorBody.safeParse(value);
  return parsed.success ? parsed.data : null;
}
