/**
 * When the run panel offers the demo model, and when a Run must wait for the person to choose it
 * (pure). The demo is offered when some connection the graph names is not configured (a graph that
 * names none uses `default`); it is never chosen silently, so a Run then shows the offer instead of
 * starting a run that can only fail with no_connection.
 */
import { DEMO_CONNECTION } from '@/lib/contracts/demo-connection';

/** The connections the graph names (`default` when none) that are not configured; [] while `configured` loads. */
export function missingConnections(graphConnections: readonly string[], configured: readonly string[] | undefined): string[] {
  if (!configured) return [];
  const wanted = graphConnections.length ? graphConnections : ['default'];
  return [...new Set(wanted.filter((n) => n !== DEMO_CONNECTION && !configured.includes(n)))];
}

/** `configured`: the configured connections' names (undefined while they load: nothing is offered yet). */
export function demoOffered(graphConnections: readonly string[], configured: readonly string[] | undefined): boolean {
  return missingConnections(graphConnections, configured).length > 0;
}

/** A Run that must not start yet: the graph cannot reach a model, and the demo is offered but not ticked. */
export function runNeedsDemoChoice(demo: { offered: boolean; chosen: boolean }): boolean {
  return demo.offered && !demo.chosen;
}

export const DEMO_NEEDED_MESSAGE = 'No connection configured — tick the demo model or add a connection in Settings';

/**
 * What the run panel and the editor's problems list say about connections a graph names that are
 * not configured: one wording in both places. With none configured at all, the demo is the way out;
 * else the graph most likely names one from another setup.
 */
export function missingConnectionMessage(missing: readonly string[], configured: readonly string[]): string {
  if (!configured.length) return DEMO_NEEDED_MESSAGE;
  const names = missing.map((n) => `"${n}"`).join(', ');
  const choices = configured.map((n) => `"${n}"`).join(', ');
  return `Connection ${names} ${missing.length === 1 ? 'is' : 'are'} not configured — pick a configured one (${choices}) or add it in Settings`;
}
