/**
 * The one error type of the app: a stable code and an HTTP status.
 * Route handlers turn it into `{ error: { code, message, details? } }`.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 400,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`, 404);
export const conflict = (message: string) => new AppError('conflict', message, 409);
export const badRequest = (message: string, details?: unknown) => new AppError('bad_request', message, 400, details);

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
