import { describe, expect, it } from 'vitest';
import { applyToStore, loadRunInto } from './run-reducer';
import { createRunStore } from './run-store';
import { mrklRun } from '@/lib/testing/trace-fixtures/mrkl-run';
import { loopRun } from '@/lib/testing/trace-fixtures/loop-run';

describe('run store', () => {
  it('toggles breakpoints on and off and keeps them across runs', () => {
    const store = createRunStore({ breakpoints: ['a'] });
    store.getState().toggleBreakpoint('b');
    store.getState().toggleBreakpoint('a');
    expect(store.getState().breakpoints).toEqual(['b']);
    store.getState().setRun('r1');
    expect(store.getState().breakpoints).toEqual(['b']);
    expect(store.getState().status).toBe('queued');
    store.getState().setBreakpoints(['x', 'x', 'y']);
    expect(store.getState().breakpoints).toEqual(['x', 'y']);
  });

  it('loading a stored run replaces the previous trace; switching runs clears it', () => {
    const store = createRunStore();
    loadRunInto(store, 'run_mrkl', mrklRun());
    expect(store.getState().nodeStatus).toEqual({ agent: 'done' });
    loadRunInto(store, 'run_loop', loopRun());
    expect(store.getState().runId).toBe('run_loop');
    expect(store.getState().nodeStatus.agent).toBeUndefined();
    expect(store.getState().status).toBe('paused');
    store.getState().setRun(null);
    expect(store.getState()).toMatchObject({ runId: null, status: 'idle', events: [], interrupt: null });
  });

  it('a batch that holds only already-applied events does not notify subscribers', () => {
    const store = createRunStore();
    const events = mrklRun();
    applyToStore(store, events);
    let notified = 0;
    store.subscribe(() => notified++);
    applyToStore(store, events.slice(-3));
    expect(notified).toBe(0);
  });
});
