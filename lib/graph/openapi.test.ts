import { describe, expect, it } from 'vitest';
import { readOpenApi } from './openapi';
import { parseGraphYaml } from './yaml';

/** A graph whose agent uses an openapi tool with `specYaml` (indented under `spec:`). */
function graphYaml(specYaml: string, operations = '[listPets]'): string {
  return `switchyard: 1
name: pets
models:
  default: { connection: default, model: gpt-4o-mini }
tools:
  pets:
    type: openapi
    operations: ${operations}
    spec:
${specYaml
  .trim()
  .split('\n')
  .map((l) => `      ${l}`)
  .join('\n')}
nodes:
  agent: { role: agent, tools: [pets] }
edges:
  - { from: START, to: agent }
  - { from: agent, to: END }
`;
}

const GOOD = `
openapi: 3.1.0
servers: [{ url: "https://api.example.org/v1" }]
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
`;

function errorsOf(yaml: string) {
  const r = parseGraphYaml(yaml);
  return r.ok ? [] : r.errors;
}

describe('openapi tool validation', () => {
  it('accepts a clean 3.1 spec', () => {
    const r = parseGraphYaml(graphYaml(GOOD));
    expect(r.ok ? [] : r.errors).toEqual([]);
  });

  it('a malformed parameter is an error at its path and line in the spec', () => {
    const yaml = graphYaml(GOOD.replace('in: query', 'in: body'));
    const [e] = errorsOf(yaml);
    expect(e).toMatchObject({ code: 'openapi_spec', path: 'tools.pets.spec.paths./pets.get.parameters[0].in' });
    expect(yaml.split('\n')[e.line! - 1]).toContain('in: body');
  });

  it('a $ref that does not resolve, or points outside the document, is an error at the $ref', () => {
    const broken = GOOD.replace('- { name: limit, in: query, schema: { type: integer } }', '- $ref: "#/components/parameters/Nope"');
    expect(errorsOf(graphYaml(broken))[0]).toMatchObject({ path: 'tools.pets.spec.paths./pets.get.parameters[0].$ref', message: expect.stringMatching(/does not resolve/) });
    const external = GOOD.replace('- { name: limit, in: query, schema: { type: integer } }', '- $ref: "other.yaml#/p"');
    expect(errorsOf(graphYaml(external))[0].message).toMatch(/outside the document/);
  });

  it('an operation not in the spec is an error at its place in the allow-list', () => {
    expect(errorsOf(graphYaml(GOOD, '[listPets, adoptPet]'))[0]).toMatchObject({ path: 'tools.pets.operations[1]', message: expect.stringMatching(/"adoptPet" is not in the spec/) });
  });

  it('only OpenAPI 3.0 and 3.1; a server is needed', () => {
    expect(errorsOf(graphYaml(GOOD.replace('openapi: 3.1.0', 'swagger: "2.0"')))[0]).toMatchObject({ path: 'tools.pets.spec.openapi', message: expect.stringMatching(/Swagger 2.0/) });
    expect(errorsOf(graphYaml(GOOD.replace('servers: [{ url: "https://api.example.org/v1" }]', 'info: { title: t, version: "1" }')))[0]).toMatchObject({ code: 'openapi_no_server', path: 'tools.pets.base_url' });
  });

  it('a literal credential header is refused like the http tool', () => {
    const yaml = graphYaml(GOOD).replace('    type: openapi\n', '    type: openapi\n    headers: { Authorization: "Bearer sk-live-123" }\n');
    expect(errorsOf(yaml)[0]).toMatchObject({ code: 'literal_secret', path: 'tools.pets.headers.Authorization' });
  });

  it('recursive schemas are cut at the bound instead of expanding forever', () => {
    const spec = {
      openapi: '3.0.3',
      paths: { '/t': { post: { operationId: 'mk', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Tree' } } } } } } },
      components: { schemas: { Tree: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } } } },
    };
    const read = readOpenApi(spec, ['mk']);
    expect(read.problems).toEqual([]);
    let depth = 0;
    for (let s = read.operations[0].body!.schema as Record<string, any>; s.properties; s = s.properties.kids.items) depth++;
    expect(depth).toBe(8);
  });
});
