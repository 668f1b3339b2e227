/**
 * Live validation results of the editor's document: each problem attached to the node, edge or graph
 * field it concerns. The rules themselves (zod, lib/graph, CEL) run in ./compute-problems, loaded
 * only when a validation runs so they stay out of the editor's first load.
 */
import type { Problem } from '@/lib/graph/problems';

export type ProblemTarget = { kind: 'node'; id: string } | { kind: 'edge'; ids: string[] } | { kind: 'graph' };
/** A one-click repair the problems list offers (data only; components/inspector/problems-list.tsx acts on it). */
export type ProblemFix =
  /** Point the model entry `model` at the configured connection `connection`. */
  | { kind: 'use-connection'; model: string; connection: string }
  /** Open the model entry's model picker. */
  | { kind: 'pick-model'; model: string };
export interface LocatedProblem extends Problem {
  target: ProblemTarget;
  fix?: ProblemFix;
}
export interface Badge {
  errors: string[];
  warnings: string[];
}
export interface EditorProblems {
  list: LocatedProblem[];
  byNode: Record<string, Badge>;
  byEdge: Record<string, Badge>;
  errorCount: number;
  warningCount: number;
}

export const NO_PROBLEMS: EditorProblems = { list: [], byNode: {}, byEdge: {}, errorCount: 0, warningCount: 0 };

const NODE_PATH = /^(?:nodes|layout)\.([A-Za-z0-9_-]+)/;
const EDGE_PATH = /^edges\[(\d+)\](?:\.branches\[(\d+)\])?/;

export function locate(path: string, edgeIds: string[][]): ProblemTarget {
  const node = NODE_PATH.exec(path);
  if (node) return { kind: 'node', id: node[1] };
  const edge = EDGE_PATH.exec(path);
  if (edge) {
    const ids = edgeIds[Number(edge[1])] ?? [];
    const branch = edge[2] === undefined ? undefined : ids[Number(edge[2])];
    const picked = branch !== undefined ? [branch] : ids;
    if (picked.length) return { kind: 'edge', ids: picked };
  }
  return { kind: 'graph' };
}

/** The value at a problem path such as `edges[1].branches[0].when` (undefined when absent). */
function valueAt(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const key of path.split(/\.|\[(\d+)\]/).filter((k) => k !== undefined && k !== '')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/**
 * A field left empty fails a pattern or length rule whose wording ("must start with a letter…",
 * "text must be at least 1 characters") does not tell a person what to do: say what is missing instead.
 */
export function plainMessage(p: Problem, doc: unknown): string {
  if (p.severity !== 'error' || valueAt(doc, p.path) !== '') return p.message;
  const field = p.path.split('.').pop() ?? '';
  if (field === 'tool') return 'no tool chosen: pick one (add tools in the graph panel first)';
  if (field === 'when') return 'condition is empty: write a CEL condition such as state.verdict == "revise", or make this branch the else';
  if (field === 'model') return 'no model chosen';
  return `${field.replace(/_/g, ' ')} is empty`;
}
