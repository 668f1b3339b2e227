import { describe, expect, it } from 'vitest';
import type { TraceEventInput, TraceEventType } from '@/lib/contracts/trace';
import { traceLine } from './trace-text';

const ev = (type: string, data: Record<string, unknown>, node?: string): TraceEventInput => ({ type: type as TraceEventType, step: 1, span_id: 'run', ...(node ? { node } : {}), data });

describe('trace as terminal text', () => {
  it('prints how the run ended: the answer, a rejection, a failure, a cancel, with the usage when recorded', () => {
    expect(traceLine(ev('run.finished', { output: '42', usage: { input_tokens: 3, output_tokens: 1, model_calls: 1 } }))).toBe('■ answer: 42\n  usage: 3 in / 1 out tokens, 1 model call');
    expect(traceLine(ev('run.finished', { output: null, status: 'rejected', rejected: { node: 'approve', reason: 'too long' } }))).toBe('✗ Rejected at "approve": too long');
    expect(traceLine(ev('run.failed', { error: { code: 'timeout', message: 'too slow' } }))).toBe('✗ run failed: timeout: too slow');
    expect(traceLine(ev('run.cancelled', {}))).toBe('✗ run cancelled');
  });

  it('prints an event type it does not know as "unknown event <type>", and hides deltas', () => {
    expect(traceLine(ev('node.paused', {}, 'a'))).toBe('? unknown event node.paused');
    expect(traceLine(ev('llm.delta', { text: 'x' }, 'a'))).toBeNull();
  });
});
