/** Asserts that an API response is the JSON error body with this status and code; returns the body. */
import { expect } from 'vitest';
import { ErrorBody } from '@/lib/contracts/common';

export async function expectApiError(res: Response, status: number, code: string): Promise<ErrorBody> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = ErrorBody.parse(await res.json());
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body;
}
