import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '@/lib/contracts/trace';
import { compactCheckpoint, expandCheckpoint, FULL_EVERY, type SavedCheckpoint, type StoredCheckpoint } from './checkpoint-delta';

/** Stores checkpoints as saveCheckpoint does (JSON round trip), reads them back as readCheckpoint does. */
function store() {
  const rows = new Map<number, string>();
  let saved: SavedCheckpoint | undefined;
  const rowAt = (step: number) => (rows.has(step) ? (JSON.parse(rows.get(step)!) as StoredCheckpoint) : undefined);
  return {
    save(cp: Checkpoint): StoredCheckpoint {
      const out = compactCheckpoint(saved, cp);
      rows.set(cp.step, JSON.stringify(out.stored));
      saved = out.saved;
      return out.stored;
    },
    read: (step: number) => expandCheckpoint(rowAt(step)!, rowAt),
    bytes: (step: number) => rows.get(step)!.length,
  };
}

const msg = (k: number) => ({ role: k % 2 ? 'assistant' : 'user', content: `message number ${k} of a long conversation about rail yards` });
/** The engine's append reducer: the earlier items kept as they are, new ones after them. */
const append = (list: unknown[], ...items: unknown[]) => [...list, ...items];

describe('checkpoints as deltas with periodic full snapshots', () => {
  it('every step reads back exactly, through appends, references, pauses, edits and full snapshots', () => {
    const s = store();
    const expected: Checkpoint[] = [];
    let state: Record<string, unknown> = { input: 'go', messages: Array.from({ length: 500 }, (_, k) => msg(k)), notes: [], verdict: null, meta: { big: 'x'.repeat(200) } };
    for (let step = 0; step < 3 * FULL_EVERY + 5; step++) {
      if (step > 0) {
        state = { ...state, messages: append(state.messages as unknown[], msg(500 + step)) };
        if (step % 7 === 0) state = { ...state, verdict: step % 2 ? 'revise' : 'approve', notes: append(state.notes as unknown[], `note ${step}`) };
        // A person's edit at a pause: the messages replaced, not appended to.
        if (step === 40) state = { ...state, messages: [{ role: 'user', content: 'start over' }] };
        if (step === 41) state = { ...state, messages: (state.messages as unknown[]).slice(0, 1).concat([msg(1)]) };
      }
      const cp: Checkpoint = { step, state, next: ['agent'] };
      s.save(cp);
      expected[step] = cp;
      // A pause rewrites the same step with its interrupt.
      if (step % 11 === 5) {
        const paused: Checkpoint = { ...cp, interrupt: { kind: 'breakpoint', node: 'agent' } };
        s.save(paused);
        expected[step] = paused;
      }
    }
    for (const cp of expected) expect(s.read(cp.step)).toEqual(JSON.parse(JSON.stringify(cp)));
  });

  it('a step of a long conversation stores only what was appended, and the whole value every FULL_EVERY appends', () => {
    const s = store();
    let messages: unknown[] = Array.from({ length: 5000 }, (_, k) => msg(k));
    const first = s.save({ step: 0, state: { messages }, next: ['a'] });
    expect(first.state_appends).toBeUndefined();
    const sizes: number[] = [];
    for (let step = 1; step <= FULL_EVERY + 1; step++) {
      messages = append(messages, msg(5000 + step));
      const row = s.save({ step, state: { messages }, next: ['a'] });
      sizes.push(s.bytes(step));
      if (step <= FULL_EVERY) expect(row.state_appends).toEqual({ messages: { step: step - 1, from: messages.length - 1 } });
    }
    expect(Math.max(...sizes.slice(0, FULL_EVERY))).toBeLessThan(300);
    // The (FULL_EVERY + 1)th append writes the whole conversation again: reading never folds more than FULL_EVERY rows.
    expect(sizes.at(-1)).toBeGreaterThan(5000 * 50);
    expect(s.read(FULL_EVERY + 1).state.messages).toEqual(messages);
    expect(s.read(FULL_EVERY).state.messages).toEqual(messages.slice(0, -1));
  });

  it('a row that refers to a missing step, or appends past what that step holds, fails loudly', () => {
    const row: StoredCheckpoint = { step: 3, state: { messages: [msg(9)] }, next: [], state_appends: { messages: { step: 2, from: 4 } } };
    expect(() => expandCheckpoint(row, () => undefined)).toThrow(/step 2, which has no checkpoint/);
    expect(() => expandCheckpoint(row, () => ({ step: 2, state: { messages: [msg(1)] }, next: [] }))).toThrow(/appends at item 4/);
    const loop: StoredCheckpoint = { step: 3, state: {}, next: [], state_refs: { messages: 3 } };
    expect(() => expandCheckpoint(loop, () => loop)).toThrow(/not an earlier one/);
  });
});
