/** Graph documents for engine tests (each call returns a fresh copy). */
import type { EdgeSpec, GraphDocument, NodeSpec, StateChannel, ToolSpec } from '../../graph/schema';

export function graph(
  nodes: Record<string, NodeSpec>,
  edges: EdgeSpec[],
  more: { tools?: Record<string, ToolSpec>; state?: Record<string, StateChannel>; limits?: GraphDocument['limits']; name?: string; output?: string } = {},
): GraphDocument {
  return {
    switchyard: 1,
    name: more.name ?? 'test-graph',
    models: { default: { connection: 'default', model: 'gpt-test', temperature: 0 } },
    ...(more.tools ? { tools: more.tools } : {}),
    ...(more.state ? { state: more.state } : {}),
    nodes,
    edges,
    ...(more.output ? { output: more.output } : {}),
    ...(more.limits ? { limits: more.limits } : {}),
  };
}

/** START -> a -> b -> ... -> END */
export function chain(...ids: string[]): EdgeSpec[] {
  const all = ['START', ...ids, 'END'];
  return all.slice(1).map((to, i) => ({ from: all[i], to }));
}

export const agent = (extra: Partial<Extract<NodeSpec, { role: 'agent' }>> = {}): NodeSpec => ({ role: 'agent', ...extra });
