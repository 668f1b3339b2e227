import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../ports';
import { entitiesPlan, readEntities } from './entities';
import { MAX_TURNS_PER_CALL, summaryPlan, verbatimTurns } from './summary';
import { splitTurns, transcript } from './turns';
import { ENTITIES_HEADING, SUMMARY_HEADING, withMemory } from './window';

const u = (content: string): ChatMessage => ({ role: 'user', content });
const a = (content: string, name?: string): ChatMessage => ({ role: 'assistant', content, ...(name ? { name } : {}) });

const convo: ChatMessage[] = [
  { role: 'system', content: 'Be brief.' },
  u('one'),
  a('r1'),
  u('two'),
  a('r2', 'writer'),
  { role: 'user', name: 'reviewer', content: '[reviewer] revise' },
  u('three'),
];

describe('turns', () => {
  it('starts a turn at each message of the user, keeping named (other node) user messages inside it', () => {
    const { head, turns } = splitTurns(convo);
    expect(head).toEqual([convo[0]]);
    expect(turns.map((t) => t.map((m) => m.content))).toEqual([['one', 'r1'], ['two', 'r2', '[reviewer] revise'], ['three']]);
    expect(transcript(turns.slice(0, 1))).toBe('User: one\nAssistant: r1');
  });
});

describe('window', () => {
  it('keeps the head and the last N turns only', () => {
    const out = withMemory(convo, { keep: 1 });
    expect(out.map((m) => m.content)).toEqual(['Be brief.', 'three']);
    expect(withMemory(convo, { keep: 2 }).map((m) => m.content)).toEqual(['Be brief.', 'two', 'r2', '[reviewer] revise', 'three']);
    expect(withMemory(convo, {})).toEqual(convo);
  });

  it('gives the summary and the entities as system notes after the head', () => {
    const out = withMemory(convo, { keep: 1, summary: 'They counted.', entities: [{ name: 'Zorblax', kind: 'person', summary: 'The user.' }] });
    expect(out).toEqual([
      convo[0],
      { role: 'system', content: `${SUMMARY_HEADING}\nThey counted.` },
      { role: 'system', content: `${ENTITIES_HEADING}\n- Zorblax (person): The user.` },
      u('three'),
    ]);
  });
});

describe('summary plan', () => {
  it('waits for more than `after` turns, then folds the turns older than the window not yet covered', () => {
    expect(summaryPlan(3, 0, 3, 3)).toBeUndefined();
    expect(summaryPlan(4, 0, 3, 3)).toEqual({ from: 0, to: 1 });
    expect(summaryPlan(5, 1, 3, 3)).toEqual({ from: 1, to: 2 });
    expect(summaryPlan(5, 2, 3, 3)).toBeUndefined();
    // window 1 with after 2: nothing until turn 3, then everything but the last turn
    expect(summaryPlan(2, 0, 2, 1)).toBeUndefined();
    expect(summaryPlan(3, 0, 2, 1)).toEqual({ from: 0, to: 2 });
  });

  it('catches up on a long uncovered history over several calls instead of skipping its oldest turns', () => {
    expect(summaryPlan(100, 0, 2, 2)).toEqual({ from: 0, to: MAX_TURNS_PER_CALL });
    expect(summaryPlan(100, MAX_TURNS_PER_CALL, 2, 2)).toEqual({ from: MAX_TURNS_PER_CALL, to: 2 * MAX_TURNS_PER_CALL });
    expect(summaryPlan(100, 2 * MAX_TURNS_PER_CALL, 2, 2)).toEqual({ from: 2 * MAX_TURNS_PER_CALL, to: 98 });
  });

  it('keeps every turn the summary does not cover verbatim, and always the current one', () => {
    expect(verbatimTurns(2, 0)).toBe(2); // window 1, after 2, turn 2: nothing summarized yet, both turns stay
    expect(verbatimTurns(5, 4)).toBe(1);
    expect(verbatimTurns(5, 9)).toBe(1); // a summary claiming more than there is still leaves the current turn
    expect(verbatimTurns(0, 0)).toBe(0);
  });
});

describe('entities', () => {
  it('is due every N turns since the last extraction', () => {
    expect(entitiesPlan(1, 0, 2)).toBeUndefined();
    expect(entitiesPlan(2, 0, 2)).toEqual({ from: 0, to: 2 });
    expect(entitiesPlan(3, 2, 2)).toBeUndefined();
    expect(entitiesPlan(4, 2, 2)).toEqual({ from: 2, to: 4 });
  });

  it('reads JSON in fences or prose, alternative shapes, bounded, without duplicates', () => {
    const reply = 'Sure!\n```json\n{"entities":[{"name":"Zorblax","kind":"person","summary":"The user."},{"name":"zorblax","type":"person","description":"Likes tea."},{"kind":"x"},7,{"name":"' + 'N'.repeat(500) + '"}]}\n```';
    const out = readEntities(reply);
    expect(out).toEqual([
      { name: 'zorblax', kind: 'person', summary: 'Likes tea.' },
      { name: `${'N'.repeat(79)}…`, kind: 'other', summary: '' },
    ]);
    expect(readEntities('[{"name":"Paris","kind":"place","summary":"A city."}]')).toEqual([{ name: 'Paris', kind: 'place', summary: 'A city.' }]);
    const many = JSON.stringify({ entities: Array.from({ length: 80 }, (_, i) => ({ name: `e${i}`, kind: 'other', summary: 's' })) });
    expect(readEntities(many)).toHaveLength(50);
  });

  it('says what is wrong with a garbage reply', () => {
    expect(() => readEntities('I cannot do that.')).toThrow(/did not answer JSON: I cannot do that/);
    expect(() => readEntities('{"people":[]}')).toThrow(/without an "entities" list/);
    expect(() => readEntities(null)).toThrow(/empty reply/);
  });
});
