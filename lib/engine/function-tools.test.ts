import { describe, expect, it } from 'vitest';
import { argumentsHint } from './function-tools';

describe('argumentsHint (ReAct prompts name a function tool\'s JSON arguments)', () => {
  it('lists each argument with its type and whether it is required', () => {
    expect(argumentsHint({ type: 'object', properties: { petId: { type: 'integer' }, tag: { type: ['string', 'null'] }, body: {} }, required: ['petId'] })).toBe(
      'Arguments (JSON object): petId (integer, required), tag (string | null), body (any).',
    );
    expect(argumentsHint({ type: 'object', properties: {} })).toBe('');
  });
});
