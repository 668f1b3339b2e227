import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import type { ToolPort } from '../engine/ports';
import { createToolPort } from './index';
import { withFunctionTools } from './function-tool-port';
import type { OpenApiToolSpec } from './openapi-tool';
import { startOpenApiService, type OpenApiService } from './testing/openapi-service';
import { failure } from '@/lib/testing/app-error';

const signal = new AbortController().signal;

function portFor(allowedHosts?: string[]): ToolPort {
  return withFunctionTools(createToolPort({ allowedHosts }), { allowedHosts });
}

describe.each(['3.0.3', '3.1.0'] as const)('openapi tool against a local service (OpenAPI %s)', (version) => {
  let svc: OpenApiService;
  let spec: OpenApiToolSpec;
  const port = portFor(['127.0.0.1']);
  beforeAll(async () => {
    svc = await startOpenApiService(version);
    spec = { type: 'openapi', spec: svc.spec, operations: ['listPets', 'createPet', 'getPet'], headers: { Authorization: 'Bearer ${env:TOOL_PETS_KEY}' } };
  });
  afterAll(() => svc.close());

  it('offers exactly the allow-listed operations, arguments from parameters and the JSON body', async () => {
    const defs = await port.functions!('pets', spec, signal);
    expect(defs.map((d) => d.function.name)).toEqual(['listPets', 'createPet', 'getPet']);
    const [list, create, get] = defs.map((d) => d.function.parameters as { properties: Record<string, Record<string, unknown>>; required?: string[] });
    expect(Object.keys(list.properties)).toEqual(['limit', 'X-Trace']);
    expect(list.properties.limit).toMatchObject({ type: 'integer', maximum: 100 });
    expect(list.required).toBeUndefined();
    expect(get).toMatchObject({ properties: { petId: { type: 'integer' } }, required: ['petId'] });
    expect(create.required).toEqual(['body']);
    // $refs inlined; the recursive Owner.friend is cut to {} at the depth bound, not followed forever.
    expect(create.properties.body).toMatchObject({ type: 'object', required: ['name'], properties: { owner: { type: 'object' } } });
  });

  it('calls every allow-listed operation with its path, query, header and body arguments', async () => {
    const restore = setEnv({ TOOL_PETS_KEY: 'k-123' });
    onTestFinished(restore);
    svc.hits.length = 0;
    const list = await port.run('pets', spec, { limit: 1, 'X-Trace': 't-1' }, { signal, fn: 'listPets' });
    expect(JSON.parse(list.output)).toEqual({ pets: [{ id: 1, name: 'Rex' }], trace: 't-1' });
    const created = await port.run('pets', spec, JSON.stringify({ body: { name: 'Tom', tag: null } }), { signal, fn: 'createPet' });
    expect(JSON.parse(created.output)).toEqual({ id: 2, name: 'Tom', tag: null });
    const got = await port.run('pets', spec, { petId: 2 }, { signal, fn: 'getPet' });
    expect(JSON.parse(got.output)).toMatchObject({ id: 2, name: 'Tom' });
    expect(svc.hits.map((h) => `${h.method} ${h.url}`)).toEqual(['GET /v1/pets?limit=1', 'POST /v1/pets', 'GET /v1/pets/2']);
    expect(svc.hits[1].headers['content-type']).toBe('application/json');
    expect(svc.hits.every((h) => h.headers.authorization === 'Bearer k-123')).toBe(true);
  });

  it('refuses an operation outside the allow-list without calling the service', async () => {
    svc.hits.length = 0;
    const err = await failure(port.run('pets', spec, { petId: 1 }, { signal, fn: 'deletePet' }));
    expect(err.code).toBe('tool_error');
    expect(err.message).toMatch(/does not allow operation "deletePet"/);
    expect(svc.hits).toEqual([]);
  });

  it('checks the arguments against the operation before calling', async () => {
    svc.hits.length = 0;
    const err = await failure(port.run('pets', spec, { body: { tag: 'x' } }, { signal, fn: 'createPet' }));
    expect(err.message).toMatch(/arguments\.body\.name is required/);
    expect(svc.hits).toEqual([]);
  });

  it('goes through the SSRF guard: a service on a private address is refused unless allow-listed', async () => {
    const err = await failure(portFor([]).run('pets', { ...spec, headers: undefined }, {}, { signal, fn: 'listPets' }));
    expect(err.details).toMatchObject({ code: 'ssrf_blocked' });
  });
});
