/**
 * The trace is typed where it is made: RunScope.emit / emitFrom take the contract's data for the
 * event type (lib/contracts/trace.ts TRACE_DATA), so a wrong payload fails to compile. tsc checks
 * this file (`npx tsc --noEmit`): each `@ts-expect-error` line must be an error, or tsc fails.
 */
import { describe, expect, it } from 'vitest';
import type { TraceEventType } from '@/lib/contracts/trace';
import type { RunScope } from './scope';

describe('RunScope.emit is typed per event type', () => {
  it('accepts the contract payloads and rejects wrong ones at compile time', () => {
    const seen: [TraceEventType, unknown][] = [];
    const emit: RunScope['emit'] = (type, data) => void seen.push([type, data]);
    const at = { span: 's' };

    emit('edge.taken', { from: 'a', to: 'b' }, at);
    emit('node.finished', { status: 'succeeded', output: 'x', latency_ms: 3 }, at);
    emit('run.cancelled', {}, at);
    // @ts-expect-error edge.taken needs `to`
    emit('edge.taken', { from: 'a' }, at);
    // @ts-expect-error node.finished status is succeeded | failed | skipped
    emit('node.finished', { status: 'done' }, at);
    // @ts-expect-error a misspelled field is not accepted (the contract's shape is closed for emitters)
    emit('tool.result', { tool: 't', output: '', latancy_ms: 1 }, at);
    // @ts-expect-error llm.delta text is a string
    emit('llm.delta', { text: 42 }, at);
    // @ts-expect-error the data of another type does not fit
    emit('run.failed', { output: 'x' }, at);
    // @ts-expect-error not an event type
    emit('run.paused', {}, at);

    expect(seen.map(([t]) => t)).toEqual(['edge.taken', 'node.finished', 'run.cancelled', 'edge.taken', 'node.finished', 'tool.result', 'llm.delta', 'run.failed', 'run.paused']);
  });
});
