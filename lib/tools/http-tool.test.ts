import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import { fillUrl, pickPath, resolveHeaders, runHttpTool, type HttpToolSpec } from './http-tool';
import { checkArgs } from './args-schema';
import { startLocalServer, type LocalServer } from './testing/local-server';
import { failure } from '@/lib/testing/app-error';
import { statusOf } from '@/lib/errors';

let srv: LocalServer;
beforeAll(async () => {
  srv = await startLocalServer({
    '/weather': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { items: [{ temp: 21.5, city: 'Paris' }] } }));
    },
    '/text': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('plain words');
    },
  });
});
afterAll(() => srv.close());

const ctx = () => ({ signal: new AbortController().signal, allowedHosts: ['127.0.0.1'] });

describe('http tool: URL templates', () => {
  it('fills placeholders URL-encoded and returns the arguments it did not use', () => {
    const { url, rest } = fillUrl('https://api.example.org/v1/{city}/forecast?q={q}', { city: 'São Paulo/../x', q: 'a&b=c', days: 3 });
    expect(url).toBe('https://api.example.org/v1/S%C3%A3o%20Paulo%2F..%2Fx/forecast?q=a%26b%3Dc');
    expect(rest).toEqual({ days: 3 });
  });

  it('refuses a placeholder in the host, so the model cannot choose where the request goes', () => {
    expect(() => fillUrl('https://{host}/x', { host: 'evil.example' })).toThrow(/scheme or host/);
    expect(() => fillUrl('http://api.{zone}.example.org/', { zone: 'x' })).toThrow(/scheme or host/);
  });

  it('names a missing template argument', () => {
    expect(() => fillUrl('https://a.example/{id}', {})).toThrow('Missing argument "id"');
  });
});

describe('http tool: headers from the environment', () => {
  it('resolves ${env:NAME} for exposed names only', () => {
    const env = { TOOL_KB_TOKEN: 'secret-1', OTHER: 'x', SWITCHYARD_TOOL_ENV: 'OTHER' };
    expect(resolveHeaders({ authorization: 'Bearer ${env:TOOL_KB_TOKEN}', 'x-o': '${env:OTHER}' }, env)).toEqual({ authorization: 'Bearer secret-1', 'x-o': 'x' });
    expect(() => resolveHeaders({ a: '${env:OPENAI_API_KEY}' }, { OPENAI_API_KEY: 'sk' })).toThrow(/not exposed to tools/);
    expect(() => resolveHeaders({ a: '${env:TOOL_MISSING}' }, {})).toThrow(/TOOL_MISSING is not set/);
  });
});

describe('http tool: argument checks', () => {
  const schema = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['city'] };
  it('accepts fitting arguments and lists every problem otherwise', () => {
    expect(checkArgs({ city: 'Paris', days: 2, tags: ['a'] }, schema)).toEqual([]);
    expect(checkArgs({ days: 1.5, tags: [1] }, schema)).toEqual(['arguments.city is required', 'arguments.days must be integer, got number', 'arguments.tags[0] must be string, got integer']);
    expect(checkArgs('x', schema)).toEqual(['arguments must be object, got string']);
  });
});

describe('http tool: calls', () => {
  it('GETs the filled URL and keeps the return_output path of the JSON answer', async () => {
    const spec: HttpToolSpec = { type: 'http', url: `${srv.origin}/weather?city={city}`, return_output: 'data.items.0.temp', args_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
    expect(await runHttpTool(spec, { city: 'Paris & co' }, ctx())).toBe('21.5');
    expect(srv.hits.at(-1)?.url).toBe('/weather?city=Paris%20%26%20co');
  });

  it('POSTs the remaining arguments as JSON with the resolved headers', async () => {
    const restoreEnv = setEnv({ TOOL_TEST_TOKEN: 'tok-123' });
    const spec: HttpToolSpec = { type: 'http', method: 'POST', url: `${srv.origin}/echo?id={id}`, headers: { authorization: 'Bearer ${env:TOOL_TEST_TOKEN}' } };
    const out = JSON.parse(await runHttpTool(spec, JSON.stringify({ id: 'a/b', query: 'kb', top: 3 }), ctx()).finally(restoreEnv));
    expect(out.method).toBe('POST');
    expect(out.url).toBe('/echo?id=a%2Fb');
    expect(out.body).toEqual({ query: 'kb', top: 3 });
    expect(out.headers.authorization).toBe('Bearer tok-123');
    expect(out.headers['content-type']).toBe('application/json');
  });

  it('puts the remaining arguments of a GET in the query string', async () => {
    const spec: HttpToolSpec = { type: 'http', url: `${srv.origin}/echo`, args_schema: { type: 'object', properties: { q: { type: 'string' } } } };
    const out = JSON.parse(await runHttpTool(spec, { q: 'x y' }, ctx()));
    expect(out.url).toBe('/echo?q=x+y');
  });

  it('refuses arguments that do not fit args_schema before calling anything', async () => {
    const before = srv.hits.length;
    const spec: HttpToolSpec = { type: 'http', url: `${srv.origin}/echo`, args_schema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } };
    const err = await failure(runHttpTool(spec, { n: 'five' }, ctx()));
    expect(err.code).toBe('tool_error');
    expect(err.message).toContain('arguments.n must be number, got string');
    expect(srv.hits.length).toBe(before);
  });

  it('reports a non-2xx answer with its status and body', async () => {
    const err = await failure(runHttpTool({ type: 'http', url: `${srv.origin}/status?code=503` }, {}, ctx()));
    expect(err.code).toBe('http_error');
    expect(err.message).toContain('answered 503: status 503 body');
  });

  it('keeps the far server\'s status as data (upstream_status), never as the status a route answers with', async () => {
    const err = await failure(runHttpTool({ type: 'http', url: `${srv.origin}/status?code=404` }, {}, ctx()));
    expect(err.code).toBe('http_error');
    expect(err.details).toEqual({ upstream_status: 404 });
    // a route that let it through would answer 502 (the call we made failed), with the 404 as data
    expect(statusOf(err.code)).toBe(502);
  });

  it('explains a return_output path that is not there, and a non-JSON answer', async () => {
    const missing = await failure(runHttpTool({ type: 'http', url: `${srv.origin}/weather`, return_output: 'data.nope' }, {}, ctx()));
    expect(missing.message).toContain('"nope" is not in the response');
    const text = await failure(runHttpTool({ type: 'http', url: `${srv.origin}/text`, return_output: 'a' }, {}, ctx()));
    expect(text.message).toContain('needs a JSON response');
    expect(() => pickPath({ a: 1 }, '__proto__')).toThrow(/not in the response/);
  });

  it('goes through the SSRF guard', async () => {
    const err = await failure(runHttpTool({ type: 'http', url: 'http://169.254.169.254/latest' }, {}, { signal: new AbortController().signal, allowedHosts: [] }));
    expect(err.code).toBe('ssrf_blocked');
  });
});
