import { describe, expect, it } from 'vitest';
import { matchesDeclarative, turnOf } from './conversation';
import type { MockChatRequest } from './mock-types';

const req: MockChatRequest = {
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system', content: 'You are a Researcher.' },
    { role: 'user', content: 'Find the population of Lyon' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', function: { name: 'search', arguments: '{}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: '522,000 people' },
  ],
  tools: [{ type: 'function', function: { name: 'search', parameters: {} } }],
};

describe('declarative matching', () => {
  it('matches every field that fits, case-insensitively', () => {
    expect(
      matchesDeclarative(
        { lastUserContains: 'population', systemContains: 'researcher', anyMessageContains: ['LYON', '522,000'], model: 'gpt-4o-mini', hasToolResultFor: 'search', turn: 2, offersTool: 'search' },
        req,
      ),
    ).toBe(true);
    expect(turnOf(req)).toBe(2);
  });

  it.each([
    [{ lastUserContains: 'weather' }],
    [{ systemContains: 'writer' }],
    [{ anyMessageContains: ['Lyon', 'Paris'] }],
    [{ noMessageContains: '522,000' }],
    [{ model: 'gpt-4o' }],
    [{ hasToolResultFor: 'calc' }],
    [{ turn: 1 }],
    [{ offersTool: 'calc' }],
  ])('refuses %j', (m) => {
    expect(matchesDeclarative(m, req)).toBe(false);
  });
});
