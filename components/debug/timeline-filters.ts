/** The event-type filter chips and the event types each stands for. */
import type { TraceEventType } from '@/lib/contracts/trace';

export const TYPE_GROUPS: ReadonlyArray<{ id: string; label: string; types: TraceEventType[] }> = [
  { id: 'node', label: 'Nodes', types: ['node.started', 'node.finished'] },
  { id: 'llm', label: 'Model calls', types: ['llm.request', 'llm.delta', 'llm.response', 'llm.retry'] },
  { id: 'tool', label: 'Tool calls', types: ['tool.call', 'tool.result'] },
  { id: 'edge', label: 'Branches', types: ['edge.taken'] },
  { id: 'state', label: 'State', types: ['state.updated'] },
  { id: 'pause', label: 'Pauses', types: ['run.interrupted', 'run.resumed'] },
];

export function typesOf(groupIds: ReadonlySet<string>): Set<TraceEventType> {
  return new Set(TYPE_GROUPS.filter((g) => groupIds.has(g.id)).flatMap((g) => g.types));
}
