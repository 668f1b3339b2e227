/**
 * When the run panel offers the demo model, and when a Run must wait for the person to choose it
 * (pure). The demo is offered when some connection the graph names is not configured (a graph that
 * names none uses `default`); it is never chosen silently, so a Run then shows the offer instead of
 * starting a run that can only fail with no_connection.
 */
import { DEMO_CONNECTION } from '@/lib/contracts/runs';

/** `configured`: the configured connections' names (undefined while they load: nothing is offered yet). */
export function demoOffered(graphConnections: readonly string[], configured: readonly string[] | undefined): boolean {
  if (!configured) return false;
  const wanted = graphConnections.length ? graphConnections : ['default'];
  return wanted.some((n) => n !== DEMO_CONNECTION && !configured.includes(n));
}

/** A Run that must not start yet: the graph cannot reach a model, and the demo is offered but not ticked. */
export function runNeedsDemoChoice(demo: { offered: boolean; chosen: boolean }): boolean {
  return demo.offered && !demo.chosen;
}

export const DEMO_NEEDED_MESSAGE = 'No connection configured — tick the demo model or add a connection in Settings';
