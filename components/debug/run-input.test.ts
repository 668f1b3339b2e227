import { describe, expect, it } from 'vitest';
import { parseRunInput, prefillRunInput, runInputText } from './run-input';

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

describe('prefilling the box with an opened run', () => {
  it('fills an empty (or blank) box with the run\'s input', () => {
    expect(prefillRunInput('', null, 'Who is Olivia Wilde?')).toBe('Who is Olivia Wilde?');
    expect(prefillRunInput('  \n', null, 'q')).toBe('q');
  });
  it('replaces the input of the run opened before, as long as it was not edited', () => {
    expect(prefillRunInput('first question', 'first question', 'second question')).toBe('second question');
  });
  it('never overwrites what the user typed', () => {
    expect(prefillRunInput('my own question', null, 'q')).toBe('my own question');
    expect(prefillRunInput('first question, edited', 'first question', 'second question')).toBe('first question, edited');
  });
  it('the box text runs the same inputs again: JSON inputs when the run had some, else its question', () => {
    expect(runInputText({ input: 'q?' })).toBe('q?');
    expect(runInputText({ input: 'q?', inputs: {} })).toBe('q?');
    const text = runInputText({ input: 'q?', inputs: { question: 'q?', n: 2 } });
    expect(text).toBe('{"question":"q?","n":2}');
    expect(parseRunInput(text)).toEqual({ ok: true, body: { input: 'q?', inputs: { question: 'q?', n: 2 } } });
  });
});
