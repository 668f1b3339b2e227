import { describe, expect, it } from 'vitest';
import { graphJsonSchema } from './json-schema';
import { NODE_ROLES } from './schema';

describe('graphJsonSchema', () => {
  it('describes the document: required fields, no extra fields, every role', () => {
    const schema = graphJsonSchema() as {
      $schema: string;
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, unknown>;
    };
    expect(schema.$schema).toContain('2020-12');
    expect(schema.required).toEqual(expect.arrayContaining(['switchyard', 'name', 'nodes', 'edges']));
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['switchyard', 'name', 'models', 'tools', 'state', 'nodes', 'edges', 'limits', 'layout']),
    );
    const text = JSON.stringify(schema.properties.nodes);
    for (const role of NODE_ROLES) expect(text).toContain(`"const":"${role}"`);
  });

  // The published format is a contract with other tools' users: a change to it is deliberate. After
  // changing the schema on purpose, update the file with `npx vitest run lib/graph/json-schema.test.ts -u`
  // and review its diff.
  it('is byte for byte the published schema (lib/graph/__snapshots__/graph-json-schema.json)', async () => {
    await expect(`${JSON.stringify(graphJsonSchema(), null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/graph-json-schema.json');
  });

  it('is plain JSON and a fresh copy each time', () => {
    const a = graphJsonSchema();
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    (a as Record<string, unknown>).title = 'changed';
    expect(graphJsonSchema().title).toBe('Switchyard graph document');
  });
});
