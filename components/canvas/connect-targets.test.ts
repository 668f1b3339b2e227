import { describe, expect, it } from 'vitest';
import { connectTargets } from './connect-targets';

const nodes = [{ id: 'START' }, { id: 'agent_2' }, { id: 'agent', label: 'Writer' }, { id: 'reviewer' }, { id: 'END' }];
const ids = (q: string, source = 'reviewer') => connectTargets(nodes, source, q).map((t) => t.id);

describe('connect command targets', () => {
  it('offers every node but the source and START, in canvas order, for an empty query', () => {
    expect(ids('')).toEqual(['agent_2', 'agent', 'END']);
  });
  it('puts an exact name first, then prefixes, then substrings; labels count', () => {
    expect(ids('agent')).toEqual(['agent', 'agent_2']);
    expect(ids('writ')).toEqual(['agent']);
    expect(ids('nd')).toEqual(['END']);
    expect(ids('zzz')).toEqual([]);
  });
  it('offers nothing without a source or from END', () => {
    expect(connectTargets(nodes, null, '')).toEqual([]);
    expect(connectTargets(nodes, 'END', '')).toEqual([]);
  });
});
