/**
 * The editor's plain data: React Flow nodes and edges whose `data` is document data only
 * (never callbacks), plus the graph-level fields of the document.
 */
import type { Edge, Node, XYPosition } from '@xyflow/react';
import type { GraphDocument, NodeRole, NodeSpec } from '@/lib/graph/schema';

export type TerminalKind = 'START' | 'END';

/** A node of the graph: `data` is its spec, `type` its role. */
export type RoleNode = Node<NodeSpec, NodeRole>;
/** START or END: `id` is the reserved name itself. */
export type TerminalNode = Node<{ terminal: TerminalKind }, 'terminal'>;
export type EditorNode = RoleNode | TerminalNode;

export interface PlainEdgeData extends Record<string, unknown> {
  kind: 'plain';
  label?: string;
}
/** One branch of a conditional edge; the branches of a source share it and are tried by `index`. */
export interface BranchEdgeData extends Record<string, unknown> {
  kind: 'branch';
  index: number;
  /** The CEL condition, for a `when` branch. */
  when?: string;
  /** True for the `else` branch. */
  else?: boolean;
  label?: string;
}
export type EdgeData = PlainEdgeData | BranchEdgeData;
export type EditorEdge = Edge<EdgeData, 'flow'>;

/** Everything of the document that is not a node, an edge or a position. */
export interface GraphFields {
  name: GraphDocument['name'];
  description?: string;
  models?: GraphDocument['models'];
  tools?: GraphDocument['tools'];
  state?: GraphDocument['state'];
  /** The run's answer: a state channel or a CEL expression (edited in the graph form). */
  output?: GraphDocument['output'];
  limits?: GraphDocument['limits'];
  /** Checks on the run's input and answer (edited in the graph form). */
  guards?: GraphDocument['guards'];
}

/** Layout bookkeeping so that document -> editor -> document is the identity. */
export interface LayoutMeta {
  /** Order of the document's layout keys. */
  order: string[];
  /** Nodes whose position the editor computed (not read from the document): not written back until moved. */
  unplaced: string[];
  /** Layout entries of ids that are not nodes: kept, so nothing is silently dropped. */
  orphans: Record<string, XYPosition>;
}

export interface EditorGraph {
  graph: GraphFields;
  nodes: EditorNode[];
  edges: EditorEdge[];
  layout: LayoutMeta;
}

export function isRoleNode(n: EditorNode): n is RoleNode {
  return n.type !== 'terminal';
}
