import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '@/lib/contracts/trace';
import { runUpdateFor } from './run-status';

const at = new Date('2026-01-01T00:00:00Z');
const ev = (type: string, data: Record<string, unknown>, extra: Partial<TraceEvent> = {}): TraceEvent =>
  ({ seq: 1, run_id: 'r', ts: at.toISOString(), type, step: 1, span_id: 'run', data, ...extra }) as TraceEvent;

describe('run row updates from trace events (the run fold step)', () => {
  it('moves the row on run-level events, with the end time on the end events', () => {
    expect(runUpdateFor(ev('run.started', { input: 'x' }), at)).toBeNull();
    expect(runUpdateFor(ev('run.interrupted', { kind: 'human', node: 'a' }), at)).toEqual({ status: 'paused' });
    expect(runUpdateFor(ev('run.interrupted', { kind: 'breakpoint', node: 'a', reason: 'server_restart' }), at)).toEqual({ status: 'interrupted' });
    expect(runUpdateFor(ev('run.resumed', { action: 'approve' }, { node: 'a', span_id: 'h', parent_span_id: 'run' }), at)).toEqual({ status: 'running' });
    expect(runUpdateFor(ev('run.finished', { output: 'hi' }), at)).toEqual({ status: 'succeeded', output: 'hi', error: null, finishedAt: at });
    expect(runUpdateFor(ev('run.finished', { output: null, status: 'rejected', rejected: { node: 'approve' } }), at)).toEqual({
      status: 'rejected',
      output: null,
      error: { code: 'rejected', message: 'Rejected at "approve"' },
      finishedAt: at,
    });
    expect(runUpdateFor(ev('run.failed', { error: { code: 'timeout', message: 'slow' } }), at)).toEqual({ status: 'failed', error: { code: 'timeout', message: 'slow' }, finishedAt: at });
    expect(runUpdateFor(ev('run.cancelled', { reason: 'cancelled while paused' }), at)).toEqual({ status: 'cancelled', finishedAt: at });
  });

  it('a malformed end event still ends the row with a readable error; other events do not touch it', () => {
    expect(runUpdateFor(ev('run.failed', {}), at)).toEqual({ status: 'failed', error: { code: 'error', message: 'The run failed.' }, finishedAt: at });
    expect(runUpdateFor(ev('llm.response', { content: 'x', 'gen_ai.usage.input_tokens': 3 }), at)).toBeNull();
    expect(runUpdateFor(ev('node.finished', { status: 'failed' }), at)).toBeNull();
    expect(runUpdateFor(ev('run.rewound', {}), at)).toBeNull();
  });
});
