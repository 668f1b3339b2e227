/** Asserts that a promise rejects with an AppError; returns it (for checks of its code and message). */
import { expect } from 'vitest';
import { AppError } from '@/lib/errors';

export async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}
