/**
 * Problems of a graph in this installation rather than in its text (pure): a model entry naming a
 * connection that is not configured, or a model its connection does not list. Warnings: the
 * document itself is fine (it may come from another setup) and saves; a run would fail. The words
 * are the run panel's (components/debug/demo-gate.ts), so both places say the same thing.
 */
import { missingConnectionMessage } from '@/components/debug/demo-gate';
import type { ModelSpec } from '@/lib/graph/schema';
import type { LocatedProblem } from './state/problems';

/** The connection a fix points a model entry at: `default` when configured, else the first one. */
export function preferredConnection(configured: readonly string[]): string | undefined {
  return configured.includes('default') ? 'default' : configured[0];
}

/**
 * `configured`: the configured connections (undefined while they load: no problems yet);
 * `listed`: each connection's model ids, when its list was fetched (absent or failed: not checked).
 */
export function setupProblems(
  models: Readonly<Record<string, ModelSpec>>,
  configured: readonly string[] | undefined,
  listed: Readonly<Record<string, readonly string[] | undefined>>,
): LocatedProblem[] {
  if (!configured) return [];
  const out: LocatedProblem[] = [];
  const use = preferredConnection(configured);
  for (const [key, spec] of Object.entries(models)) {
    if (!spec || typeof spec.connection !== 'string') continue;
    if (!configured.includes(spec.connection)) {
      out.push({
        severity: 'warning',
        code: 'connection_not_configured',
        message: `Model "${key}": ${missingConnectionMessage([spec.connection], configured)}`,
        path: `models.${key}.connection`,
        target: { kind: 'graph' },
        ...(use ? { fix: { kind: 'use-connection' as const, model: key, connection: use } } : {}),
      });
      continue;
    }
    const ids = listed[spec.connection];
    if (ids && ids.length && spec.model && !ids.includes(spec.model)) {
      out.push({
        severity: 'warning',
        code: 'model_not_listed',
        message: `Model "${key}": connection "${spec.connection}" does not list the model "${spec.model}" — pick one of its ${ids.length} models, or keep the name if the server accepts it anyway`,
        path: `models.${key}.model`,
        target: { kind: 'graph' },
        fix: { kind: 'pick-model', model: key },
      });
    }
  }
  return out;
}
