/** One executor per role: `{ [R in NodeRole]: NodeExecutor<R> }`, so a missing role is a compile error. */
import type { NodeRole } from '../../graph/schema';
import { runAgent } from './agent';
import { runExecutor } from './executor-role';
import { runHuman } from './human';
import { runMapNode } from './map';
import { runPlanner } from './planner';
import { runRouter } from './router';
import { runSubgraphNode } from './subgraph';
import { runSupervisor } from './supervisor';
import { runToolNode } from './tool-node';
import type { NodeExecutor } from './types';

export const EXECUTORS: { [R in NodeRole]: NodeExecutor<R> } = {
  agent: runAgent,
  planner: runPlanner,
  executor: runExecutor,
  supervisor: runSupervisor,
  tool: runToolNode,
  router: runRouter,
  human: runHuman,
  subgraph: runSubgraphNode,
  map: runMapNode,
};
