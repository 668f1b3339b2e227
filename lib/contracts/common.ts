/**
 * The one error shape of the HTTP API, shared by route handlers and browser code:
 * `{ error: { code, message, details? } }`, plus `errors: Problem[]` on 422 (invalid graph documents).
 * Browser-safe and zod-free: every page's first load reads errors through this file.
 */
import type { Problem } from '@/lib/graph/problems';

/** A problem of a graph document as the API sends it. */
export type ProblemJson = Problem;

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

export interface ErrorBody {
  error: {
    /** One of ERROR_CODES for this API; other resources may add their own. */
    code: string;
    message: string;
    details?: unknown;
  };
  /** The problems of an invalid graph document (422), each with a path and, from YAML, line/col. */
  errors?: ProblemJson[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isProblem(v: unknown): v is ProblemJson {
  if (!isRecord(v)) return false;
  const optionalInt = (x: unknown) => x === undefined || Number.isInteger(x);
  return (
    (v.severity === 'error' || v.severity === 'warning') &&
    typeof v.code === 'string' &&
    typeof v.message === 'string' &&
    typeof v.path === 'string' &&
    optionalInt(v.line) &&
    optionalInt(v.col)
  );
}

/** Reads an error body tolerantly: anything that is not the shape gives null. */
export function parseErrorBody(value: unknown): ErrorBody | null {
  if (!isRecord(value) || !isRecord(value.error)) return null;
  const { code, message, details } = value.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  const errors = value.errors;
  if (errors !== undefined && !(Array.isArray(errors) && errors.every(isProblem))) return null;
  return { error: { code, message, ...(details === undefined ? {} : { details }) }, ...(errors ? { errors } : {}) };
}
