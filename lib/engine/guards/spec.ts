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

/** What a conditional edge's CEL sees as `guard` after a node ran (`guard.failed`, `guard.blocked`). */
export interface GuardSummary {
  /** A check flagged or blocked. */
  failed: boolean;
  blocked: boolean;
  /** PII (or a regex) was masked. */
  redacted: boolean;
  /** The checks that failed, as `<stage>.<check>` (e.g. `input.injection`). */
  checks: string[];
  /** The first failed check's reason. */
  reason: string;
}

export const NO_GUARD: GuardSummary = { failed: false, blocked: false, redacted: false, checks: [], reason: '' };
