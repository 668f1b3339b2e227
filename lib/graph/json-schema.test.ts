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

  it('is plain JSON and a fresh copy each time', () => {
    const a = graphJsonSchema();
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    (a as Record<string, unknown>).title = 'changed';
    expect(graphJsonSchema().title).toBe('Switchyard graph document');
  });
});
