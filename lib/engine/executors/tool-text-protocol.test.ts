import { describe, expect, it } from 'vitest';
import { runGraph } from '../index';
import type { ChatMessage, ToolDefinition } from '../ports';
import { fakePorts, fakeTools, scriptedModel } from '../testing/fake-ports';
import { chain, graph } from '../testing/graphs';
import { parseToolReply, textProtocolMarker, toTextProtocol } from './tool-text-protocol';

const calc: ToolDefinition = { type: 'function', function: { name: 'calc', description: 'Does math.', parameters: { type: 'object', properties: { expression: { type: 'string' } } } } };

describe('tool text protocol (a server without tools)', () => {
  it('parses a fenced or bare JSON block into tool calls, and plain text as the answer', () => {
    expect(parseToolReply('Let me compute.\n```json\n{"tool": "calc", "arguments": {"expression": "6*7"}}\n```', 'k')).toEqual({
      content: 'Let me compute.',
      tool_calls: [{ id: 'k_0', type: 'function', function: { name: 'calc', arguments: '{"expression":"6*7"}' } }],
    });
    expect(parseToolReply('{"tool":"calc","arguments":{"expression":"1"}}', 'k').tool_calls).toHaveLength(1);
    expect(parseToolReply('It is 42. {not json}', 'k')).toEqual({ content: 'It is 42. {not json}', tool_calls: [] });
    expect(parseToolReply('```json\n{"answer": 1}\n```', 'k').tool_calls).toEqual([]); // JSON, but no tool named
  });

  it('rewrites a conversation: protocol in the system prompt, calls as JSON blocks, results as user messages', () => {
    const msgs: ChatMessage[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'q' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'calc', arguments: '{"expression":"6*7"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '42' },
    ];
    const out = toTextProtocol(msgs, [calc]);
    expect(out[0].content).toMatch(/^Be brief\.\n\nYou can use these tools:\n- calc: Does math\./);
    expect(out[2]).toEqual({ role: 'assistant', content: '```json\n{"tool":"calc","arguments":{"expression":"6*7"}}\n```' });
    expect(out[3]).toEqual({ role: 'user', content: 'Result of tool calc:\n42' });
    expect(toTextProtocol([{ role: 'user', content: 'q' }], [calc])[0].role).toBe('system');
  });

  it('streams text as the answer only when the reply does not open with a JSON block', () => {
    const all = (m: ReturnType<typeof textProtocolMarker>) => (chunks: string[]) => chunks.flatMap((c) => m(c));
    const whole = (t: string) => [{ text: t, answer: true }];
    expect(all(textProtocolMarker(whole))(['  ', 'It is', ' 42'])).toEqual([{ text: '  It is', answer: true }, { text: ' 42', answer: true }]);
    expect(all(textProtocolMarker(whole))(['\n', '```json', '{}'])).toEqual([{ text: '\n```json', answer: false }, { text: '{}', answer: false }]);
  });

  it('a tool_calling agent on a connection without tools runs through the protocol; the trace says adapted tools: text', async () => {
    const model = scriptedModel(['```json\n{"tool": "calc", "arguments": {"expression": "6*7"}}\n```', 'It is 42.']);
    const p = fakePorts({ model: Object.assign(model, { supports: async () => ({ tools: false }) }), tools: fakeTools({ calc: (a) => (a.expression === '6*7' ? '42' : '0') }) });
    const doc = graph({ a: { role: 'agent', strategy: 'tool_calling', tools: ['calc'], system_prompt: 'Be brief.' } }, chain('a'), { tools: { calc: { type: 'calculator' } } });
    const out = await runGraph({ runId: 'r', doc, input: 'What is 6*7?', ports: p });
    expect(out).toMatchObject({ status: 'succeeded', output: 'It is 42.' });
    expect(model.requests[0].tools).toBeUndefined();
    expect(model.requests[1].messages.at(-1)).toEqual({ role: 'user', content: 'Result of tool calc:\n42' });
    const requests = p.of('llm.request');
    expect(requests[0].data).toMatchObject({ adapted: { tools: 'text' } });
    expect(requests[0].data.tools).toBeUndefined();
    expect(p.of('tool.result')[0].data).toMatchObject({ output: '42' });
    expect(p.of('llm.response')[0].data).toMatchObject({ tool_calls: [{ function: { name: 'calc' } }] });
  });
});
