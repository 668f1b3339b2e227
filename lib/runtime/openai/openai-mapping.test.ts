import { describe, expect, it } from 'vitest';
import { maskKey } from '@/lib/contracts/connections';
import { resumeValueFromOutput } from './assistants';
import { splitText } from './chat-completions';
import { OpenAIApiError } from './errors';
import { runInputFromMessages } from './messages';
import { outputText } from './run-reply';

describe('OpenAI request and reply mapping', () => {
  it('takes the last user message as the input and the messages before it as history', () => {
    const r = runInputFromMessages([
      { role: 'developer', content: 'rules' },
      { role: 'user', content: [{ type: 'text', text: 'part one' }, { type: 'image_url' }, { type: 'text', text: 'part two' }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      { role: 'tool', content: 'result', tool_call_id: 'c1' },
      { role: 'user', content: 'now' },
    ]);
    expect(r.input).toBe('now');
    expect(r.history).toEqual([
      { role: 'system', content: 'rules' },
      { role: 'user', content: 'part one\npart two' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      { role: 'tool', content: 'result', tool_call_id: 'c1' },
    ]);
  });

  it('refuses conversations without a user message or ending after it', () => {
    expect(() => runInputFromMessages([{ role: 'system', content: 'x' }])).toThrow(OpenAIApiError);
    expect(() => runInputFromMessages([{ role: 'user', content: 'q' }, { role: 'assistant', content: 'a' }])).toThrow(/end with a user message/);
  });

  it('reads human answers: approve, reject with a reason, continue, JSON resume values, edits', () => {
    expect(resumeValueFromOutput(' Approve ')).toEqual({ action: 'approve' });
    expect(resumeValueFromOutput('reject: too long')).toEqual({ action: 'reject', reason: 'too long' });
    expect(resumeValueFromOutput('reject')).toEqual({ action: 'reject' });
    expect(resumeValueFromOutput('continue')).toEqual({ action: 'continue' });
    expect(resumeValueFromOutput('{"action":"edit","value":{"a":1}}')).toEqual({ action: 'edit', value: { a: 1 } });
    expect(resumeValueFromOutput('{"action":"explode"}')).toEqual({ action: 'edit', value: '{"action":"explode"}' });
    expect(resumeValueFromOutput('Use this title instead')).toEqual({ action: 'edit', value: 'Use this title instead' });
  });

  it('turns run outputs into text and splits it without breaking characters', () => {
    expect(outputText('plain')).toBe('plain');
    expect(outputText(null)).toBe('');
    expect(outputText({ role: 'assistant', content: 'msg' })).toBe('msg');
    expect(outputText({ a: 1 })).toBe('{\n  "a": 1\n}');
    const text = '🚂'.repeat(100) + 'end';
    const parts = splitText(text, 7);
    expect(parts.join('')).toBe(text);
    expect(parts.every((p) => !/[\uD800-\uDBFF]$/.test(p))).toBe(true);
  });

  it('masks keys to a short hint', () => {
    expect(maskKey('sk-proj-abcdefghijkl')).toBe('sk-…ijkl');
    expect(maskKey('abcd')).toBe('…');
    expect(maskKey(null)).toBeNull();
  });
});
