/** Asserts that an API response is the JSON error body with this status and code; returns the body. */
import { expect } from 'vitest';
import { parseErrorBody, type ErrorBody } from '@/lib/contracts/common';

export async function expectApiError(res: Response, status: number, code: string): Promise<ErrorBody> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const raw: unknown = await res.json();
  const body = parseErrorBody(raw);
  if (!body) throw new Error(`not the API's error body: ${JSON.stringify(raw).slice(0, 500)}`);
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body;
}
