import type { NodeOf, NodeRole } from '../../graph/schema';
import type { ExecContext, NodeResult } from '../scope';

/** Runs one node: returns its state writes and output, or throws InterruptRequest to pause. */
export type NodeExecutor<R extends NodeRole = NodeRole> = (node: NodeOf<R>, ctx: ExecContext) => Promise<NodeResult>;
