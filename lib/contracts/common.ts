/**
 * The one error shape of the HTTP API, shared by route handlers and browser code:
 * `{ error: { code, message, details? } }`, plus `errors: Problem[]` on 422 (invalid graph documents).
 * Browser-safe and zod-free: every page's first load reads errors through this file.
 */
import type { Problem } from '@/lib/graph/problems';

/** A problem of a graph document as the API sends it. */
export type ProblemJson = Problem;

export interface ErrorBody {
  error: {
    /** One of the codes of lib/errors.ts (ErrorCode, the one list, each with its HTTP status); read as a string so an older client tolerates a new code. */
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
