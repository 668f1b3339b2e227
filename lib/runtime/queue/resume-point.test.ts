import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '@/lib/contracts/trace';
import { argsToExecute } from './resume-point';

type Args = { input: string; from?: Checkpoint; resume?: unknown };

const cp = (step: number, extra: Partial<Checkpoint> = {}): Checkpoint => ({ step, state: { n: step }, next: ['a'], ...extra });

describe('argsToExecute (where a job taken over from a dead worker continues)', () => {
  it('a job whose run has no checkpoint yet starts as enqueued', () => {
    const args: Args = { input: 'hi' };
    expect(argsToExecute(args, undefined)).toBe(args);
  });

  it('a start job continues from the checkpoint the dead worker wrote', () => {
    expect(argsToExecute<Args>({ input: 'hi' }, cp(2))).toEqual({ input: 'hi', from: cp(2), resume: undefined });
  });

  it('a resume job whose run did not get past its pause answers the pause again', () => {
    const pause = cp(3, { interrupt: { kind: 'human', node: 'a', prompt: 'OK?' } as Checkpoint['interrupt'] });
    const args: Args = { input: 'hi', from: pause, resume: { action: 'approve' } };
    expect(argsToExecute(args, pause)).toBe(args);
  });

  it('a resume job whose run got past its pause continues from the later checkpoint, without the resume value', () => {
    const pause = cp(3, { interrupt: { kind: 'human', node: 'a', prompt: 'OK?' } as Checkpoint['interrupt'] });
    const out = argsToExecute<Args>({ input: 'hi', from: pause, resume: { action: 'approve' } }, cp(4));
    expect(out.from).toEqual(cp(4));
    expect(out.resume).toBeUndefined();
  });
});
