/**
 * The supervisor role: its worker nodes are offered to the model as tools (function name = the
 * worker id, description = the worker's description, params { task }). A call runs that worker's
 * executor as a child (its node span hangs under the tool.call span); workers can be supervisors
 * themselves. Loops, through the shared tool-calling loop, until the supervisor answers in text.
 */
import { DEFAULTS } from '../../graph/defaults';
import type { NodeOf } from '../../graph/schema';
import { EngineError } from '../errors';
import type { ExecContext, NodeResult } from '../scope';
import { nodeAsTool, type ToolBinding } from '../tool-runner';
import { answer, conversation } from './common';
import { toolCallingLoop } from './tool-calling';

function workerBinding(ctx: ExecContext, id: string): ToolBinding {
  if (!Object.hasOwn(ctx.scope.doc.nodes, id)) throw new EngineError('unknown_node', `Supervisor "${ctx.nodeId}" has worker "${id}", which is not a node of the graph`);
  const worker = ctx.scope.doc.nodes[id];
  return nodeAsTool(ctx, {
    name: id,
    nodeId: id,
    type: 'worker',
    description: worker.description ?? worker.label ?? `The "${id}" worker (${worker.role}).`,
    param: 'task',
    paramDescription: 'What this worker should do, with everything it needs to know.',
  });
}

function supervisorPrompt(workers: ToolBinding[]): string {
  return (
    'You are a supervisor managing these workers:\n' +
    workers.map((w) => `- ${w.name}: ${w.description}`).join('\n') +
    '\nGive each worker a clear task by calling it as a tool. When you have what you need, answer the user directly without calling a tool.'
  );
}

export async function runSupervisor(node: NodeOf<'supervisor'>, ctx: ExecContext): Promise<NodeResult> {
  const workers = node.workers.map((w) => workerBinding(ctx, w));
  const result = await toolCallingLoop(ctx, {
    messages: conversation(ctx, node.system_prompt ?? supervisorPrompt(workers)),
    tools: workers,
    maxSteps: node.max_steps ?? DEFAULTS.max_steps,
    answer: true,
  });
  return answer(ctx, result.text);
}
