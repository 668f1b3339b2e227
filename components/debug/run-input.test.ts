import { describe, expect, it } from 'vitest';
import { parseRunInput } from './run-input';

describe('run input box', () => {
  it('plain text is the question, kept as typed', () => {
    expect(parseRunInput('  Who is Olivia Wilde? ')).toEqual({ ok: true, body: { input: '  Who is Olivia Wilde? ' } });
  });
  it('a JSON object is the inputs; its input/question field is the question', () => {
    expect(parseRunInput('{"question": "q?", "n": 2}')).toEqual({ ok: true, body: { input: 'q?', inputs: { question: 'q?', n: 2 } } });
    expect(parseRunInput('{"n": 2}')).toEqual({ ok: true, body: { input: '{"n": 2}', inputs: { n: 2 } } });
  });
  it('broken JSON is refused with the parser message', () => {
    const r = parseRunInput('{"a": ');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/not valid JSON/);
  });
  it('empty input is refused', () => {
    expect(parseRunInput('   ')).toEqual({ ok: false, error: 'Type a question (or a JSON object of inputs) to run the graph.' });
  });
});
