import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError, statusOf, type ErrorCode } from '@/lib/errors';
import { readJson, readQuery, requireMediaType, MAX_BODY_BYTES } from './body';
import { errorResponse, invalidGraph, route } from './http';

const post = (body: BodyInit | null, type?: string, headers: Record<string, string> = {}) =>
  new Request('http://x/api', { method: 'POST', body, headers: { ...(type ? { 'content-type': type } : {}), ...headers } });

describe('error responses', () => {
  it('an AppError keeps its status, code, message and details', async () => {
    const res = errorResponse(new AppError('conflict', 'taken', { id: 'g1' }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: { code: 'conflict', message: 'taken', details: { id: 'g1' } } });
  });

  it('the status comes from the code (lib/errors.ts table); a code it does not know is our bug, a 500, never a silent 400', async () => {
    expect(errorResponse(new AppError('model_rate_limited', 'slow down')).status).toBe(429);
    expect(errorResponse(new AppError('payload_too_large', 'big')).status).toBe(413);
    // the type refuses an unknown code; one cast in anyway is not taken for the caller's fault
    expect(statusOf('no_such_code' as ErrorCode)).toBe(500);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(errorResponse(new AppError('no_such_code' as ErrorCode, 'odd')).status).toBe(500);
    spy.mockRestore();
  });

  it('an unknown error is a 500 that leaks neither message nor stack', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = errorResponse(new Error('SQLITE_CORRUPT at /secret/path.db'));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal', message: 'internal server error' } });
    expect(text).not.toMatch(/secret|SQLITE|at /);
    spy.mockRestore();
  });

  it('a zod error is a 400 naming the field', async () => {
    const parsed = z.object({ name: z.string() }).safeParse({ name: 3 });
    const res = errorResponse(parsed.error);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toMatch(/name/);
    expect(body.error.details.issues[0].path).toBe('name');
  });

  it('invalidGraph is a 422 with the problems also at the top level', async () => {
    const errors = [{ severity: 'error' as const, code: 'x', message: 'bad edge', path: 'edges[0]', line: 3, col: 5 }];
    const res = errorResponse(invalidGraph(errors));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors).toEqual(errors);
    expect(body.error.message).toBe('the graph document is invalid (1 error): bad edge');
  });

  it('route() turns a throwing handler into the error shape', async () => {
    const handler = route('public', () => {
      throw new AppError('not_found', 'graph not found');
    });
    const res = await handler(new Request('http://x/'), undefined);
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe('graph not found');
  });
});

describe('request bodies', () => {
  const Schema = z.object({ a: z.number() });

  it('reads and validates JSON', async () => {
    expect(await readJson(post('{"a":1}', 'application/json; charset=utf-8'), Schema)).toEqual({ a: 1 });
  });

  it('refuses a missing or wrong content type and a non-UTF-8 charset with 415', async () => {
    for (const t of [undefined, 'text/plain', 'application/json; charset=latin1']) {
      await expect(readJson(post('{"a":1}', t), Schema)).rejects.toMatchObject({ code: 'unsupported_media_type' });
    }
  });

  it('explains bad JSON, an empty body and a schema mismatch with 400', async () => {
    await expect(readJson(post('{"a":', 'application/json'), Schema)).rejects.toMatchObject({ code: 'bad_request', message: expect.stringMatching(/not valid JSON/) });
    await expect(readJson(post('', 'application/json'), Schema)).rejects.toMatchObject({ code: 'bad_request', message: expect.stringMatching(/empty/) });
    await expect(readJson(post('{"a":"x"}', 'application/json'), Schema)).rejects.toBeInstanceOf(z.ZodError);
  });

  it('refuses bodies over 1 MiB with 413, by Content-Length and by counting a stream', async () => {
    await expect(readJson(post('{}', 'application/json', { 'content-length': String(MAX_BODY_BYTES + 1) }), Schema)).rejects.toMatchObject({ code: 'payload_too_large' });
    const chunk = new Uint8Array(256 * 1024).fill(32);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        sent++;
        if (sent > 8) c.close();
        else c.enqueue(chunk);
      },
    });
    const req = new Request('http://x/', { method: 'POST', body: stream, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    await expect(readJson(req, Schema)).rejects.toMatchObject({ code: 'payload_too_large' });
    expect(sent).toBeLessThan(8);
  });

  it('accepts +json media types where JSON is expected', () => {
    expect(requireMediaType(post('{}', 'application/merge-patch+json'), ['application/json']).type).toBe('application/merge-patch+json');
  });

  it('reads the query with a schema; a __proto__ parameter is just an ignored key', () => {
    const Q = z.object({ overwrite: z.enum(['true', 'false']).optional() });
    expect(readQuery(new Request('http://x/?overwrite=true'), Q)).toEqual({ overwrite: 'true' });
    expect(readQuery(new Request('http://x/?__proto__=x&constructor=y'), Q)).toEqual({});
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(() => readQuery(new Request('http://x/?overwrite=nah'), Q)).toThrow(z.ZodError);
  });
});
