import { describe, expect, it } from 'vitest';
import { missingConnectionMessage } from '@/components/debug/demo-gate';
import { preferredConnection, setupProblems } from './setup-problems';

const models = {
  default: { connection: 'default', model: 'gpt-4o-mini' },
  local: { connection: 'offline', model: 'llama3' },
};

describe('setupProblems', () => {
  it('nothing while the configured connections load', () => {
    expect(setupProblems(models, undefined, {})).toEqual([]);
  });

  it('a model entry naming a connection that is not configured: a warning in the run panel words, fixed by default', () => {
    const list = setupProblems(models, ['default', 'work'], {});
    expect(list).toEqual([
      {
        severity: 'warning',
        code: 'connection_not_configured',
        message: `Model "local": ${missingConnectionMessage(['offline'], ['default', 'work'])}`,
        path: 'models.local.connection',
        target: { kind: 'graph' },
        fix: { kind: 'use-connection', model: 'local', connection: 'default' },
      },
    ]);
  });

  it('no connection at all: the demo wording and no fix to point at', () => {
    const [p] = setupProblems({ default: models.default }, [], {});
    expect(p.message).toBe(`Model "default": ${missingConnectionMessage(['default'], [])}`);
    expect(p.fix).toBeUndefined();
  });

  it('a model its connection does not list: a warning with "Pick a model"; not checked without a list', () => {
    expect(setupProblems({ default: models.default }, ['default'], { default: ['gpt-4o', 'o3'] })).toMatchObject([
      { code: 'model_not_listed', path: 'models.default.model', fix: { kind: 'pick-model', model: 'default' } },
    ]);
    expect(setupProblems({ default: models.default }, ['default'], { default: ['gpt-4o-mini'] })).toEqual([]);
    expect(setupProblems({ default: models.default }, ['default'], { default: undefined })).toEqual([]);
    expect(setupProblems({ default: models.default }, ['default'], { default: [] })).toEqual([]);
  });

  it('prefers default, else the first configured connection', () => {
    expect(preferredConnection(['a', 'default'])).toBe('default');
    expect(preferredConnection(['a', 'b'])).toBe('a');
    expect(preferredConnection([])).toBeUndefined();
  });
});
