import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { guardedWebFetch } from './mcp-fetch';
import { startLocalServer, type LocalServer } from './testing/local-server';

let srv: LocalServer;
beforeAll(async () => {
  srv = await startLocalServer({
    '/stream': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n');
      res.end('data: two\n\n');
    },
  });
});
afterAll(() => srv.close());

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('the MCP transports\' fetch goes through the SSRF guard', () => {
  it('refuses loopback, link-local metadata and private addresses unless allow-listed', async () => {
    const fetch = guardedWebFetch({ allowedHosts: [] });
    for (const url of [`${srv.origin}/stream`, 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/mcp', 'http://[::1]/mcp']) {
      expect((await refusal(fetch(url, { method: 'POST', body: '{}' }))).code, url).toBe('ssrf_blocked');
    }
    expect(srv.hits).toEqual([]);
  });

  it('with the host allow-listed, streams the response as a web Response', async () => {
    const res = await guardedWebFetch({ allowedHosts: ['127.0.0.1'] })(`${srv.origin}/stream`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer t' }, body: '{"jsonrpc":"2.0"}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(await res.text()).toBe('data: one\n\ndata: two\n\n');
    expect(srv.hits[0]).toMatchObject({ method: 'POST', body: '{"jsonrpc":"2.0"}', headers: { authorization: 'Bearer t' } });
  });
});
