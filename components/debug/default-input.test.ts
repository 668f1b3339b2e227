import { describe, expect, it } from 'vitest';
import { defaultRunInput, FALLBACK_RUN_INPUT } from './default-input';

describe('default run input', () => {
  it('is the first question quoted in the description, across line breaks', () => {
    const d = 'A MRKL agent. Good for questions such as\n  "Who is Olivia Wilde\'s boyfriend? What is his current age raised to the 0.23 power?"\n';
    expect(defaultRunInput(d)).toBe("Who is Olivia Wilde's boyfriend? What is his current age raised to the 0.23 power?");
  });
  it('falls back to a greeting without a quoted question', () => {
    expect(defaultRunInput('A writer and a reviewer.')).toBe(FALLBACK_RUN_INPUT);
    expect(defaultRunInput('Say "hi" to it')).toBe(FALLBACK_RUN_INPUT);
    expect(defaultRunInput(undefined)).toBe(FALLBACK_RUN_INPUT);
  });
});
