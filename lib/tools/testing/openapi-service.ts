/** A small pet-store API on 127.0.0.1 with its OpenAPI description (3.0 with $refs), for the openapi tool tests. */
import { json, startRecordingServer } from './local-server';

export interface OpenApiService {
  origin: string;
  spec: Record<string, unknown>;
  /** Every request: method, path with query, headers, body. */
  hits: Array<{ method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string }>;
  close(): Promise<void>;
}

/** The service's spec; `version` picks 3.0.3 or 3.1.0 (3.1 declares nullable types as arrays). */
export function petSpec(version: '3.0.3' | '3.1.0', server: string): Record<string, unknown> {
  return {
    openapi: version,
    info: { title: 'Pets', version: '1' },
    servers: [{ url: server }],
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          summary: 'List pets',
          parameters: [{ $ref: '#/components/parameters/Limit' }, { name: 'X-Trace', in: 'header', schema: { type: 'string' } }],
          responses: { '200': { description: 'ok' } },
        },
        post: {
          operationId: 'createPet',
          summary: 'Add a pet',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } } },
          responses: { '201': { description: 'created' } },
        },
      },
      '/pets/{petId}': {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { operationId: 'getPet', summary: 'One pet', responses: { '200': { description: 'ok' } } },
        delete: { operationId: 'deletePet', summary: 'Remove a pet', responses: { '204': { description: 'gone' } } },
      },
    },
    components: {
      parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 } } },
      schemas: {
        NewPet: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, tag: version === '3.1.0' ? { type: ['string', 'null'] } : { type: 'string', nullable: true }, owner: { $ref: '#/components/schemas/Owner' } },
        },
        Owner: { type: 'object', properties: { name: { type: 'string' }, friend: { $ref: '#/components/schemas/Owner' } } },
      },
    },
  };
}

export async function startOpenApiService(version: '3.0.3' | '3.1.0' = '3.0.3'): Promise<OpenApiService> {
  const pets = [{ id: 1, name: 'Rex' }];
  let spec: Record<string, unknown> = {};
  const srv = await startRecordingServer((req, res, body, url) => {
    const send = (status: number, value: unknown) => json(res, status, value);
    const one = url.pathname.match(/^\/v1\/pets\/([^/]+)$/);
    if (url.pathname === '/openapi.json') return send(200, spec);
    if (url.pathname === '/v1/pets' && req.method === 'GET') return send(200, { pets: pets.slice(0, Number(url.searchParams.get('limit') ?? 10)), trace: req.headers['x-trace'] ?? null });
    if (url.pathname === '/v1/pets' && req.method === 'POST') {
      const pet = { id: pets.length + 1, ...(JSON.parse(body) as object) };
      pets.push(pet as { id: number; name: string });
      return send(201, pet);
    }
    if (one && req.method === 'GET') {
      const pet = pets.find((p) => String(p.id) === decodeURIComponent(one[1]));
      return pet ? send(200, pet) : send(404, { error: 'no such pet' });
    }
    if (one && req.method === 'DELETE') return send(204, {});
    send(404, { error: `no route ${req.method} ${url.pathname}` });
  });
  spec = petSpec(version, `${srv.origin}/v1`);
  return { origin: srv.origin, spec, hits: srv.hits, close: srv.close };
}
