/** Which guards apply where: a node's `guards`, the graph's `guards`. */
import type { GuardsSpec, NodeSpec } from '../../graph/schema';
import type { ExecContext } from '../scope';

export function nodeGuards(node: NodeSpec): GuardsSpec | undefined {
  return 'guards' in node ? node.guards : undefined;
}

/**
 * Whether the text a node streams may be its answer before the output guards saw it: not when the
 * node has output guards, nor (for a node the scheduler runs) when the graph has them.
 */
export function hasOutputGuards(ctx: ExecContext): boolean {
  return !!nodeGuards(ctx.node)?.output?.length || !!ctx.scope.doc.guards?.output?.length;
}
