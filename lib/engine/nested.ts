/**
 * Nested work: a node run as a child of another (supervisor worker, `agent` tool) and another
 * graph run as a subgraph. Child events hang under the caller's span (parent_span_id); subgraph
 * events carry node ids prefixed with "<subgraph node>/" so they never collide with the outer graph.
 */
import type { GraphDocument } from '../graph/schema';
import { DEFAULTS } from '../graph/defaults';
import { usageField } from './budget';
import { EngineError, InterruptRequest, RunRejected, errorInfo } from './errors';
import { abortCause, assertCallDepth, MAX_GRAPH_DEPTH, type ChildCall, type ExecContext, type NodeResult, type RunScope, type Usage } from './scope';
import { GraphRunner, runNode, type Position } from './scheduler';
import type { Interrupt, TraceEmitData } from '../contracts/trace';
import { initialState, type State } from './state';

export type ScopeBase = Omit<RunScope, 'runChild' | 'runSubgraph' | 'withSignal'>;

export function makeScope(base: ScopeBase): RunScope {
  const scope: RunScope = {
    ...base,
    runChild: (call) => runChild(scope, call),
    runSubgraph: (doc, input, parentSpan, caller) => runSubgraph(scope, doc, input, parentSpan, caller),
    withSignal: (signal) =>
      makeScope({
        ...base,
        signal,
        checkAlive: () => {
          base.checkAlive();
          if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new EngineError('cancelled', 'The step was cancelled');
        },
      }),
  };
  return scope;
}

async function runChild(scope: RunScope, call: ChildCall): Promise<NodeResult> {
  const { caller } = call;
  assertCallDepth(caller, `running "${call.nodeId}"`);
  if (!Object.hasOwn(scope.doc.nodes, call.nodeId)) {
    throw new EngineError('unknown_node', `Node "${caller.nodeId}" calls "${call.nodeId}", which is not a node of the graph`);
  }
  const node = scope.doc.nodes[call.nodeId];
  const span = scope.ports.newId();
  const at = { node: call.nodeId, span, parent: call.parentSpan };
  const started = scope.ports.clock.now();
  scope.emit('node.started', { role: node.role, ...(node.role === 'agent' ? { strategy: node.strategy ?? DEFAULTS.strategy } : {}), task: call.task, caller: caller.nodeId }, at);
  const nodeUsage: Usage = { input_tokens: 0, output_tokens: 0 };
  const ctx: ExecContext = {
    scope,
    nodeId: call.nodeId,
    node,
    span,
    parentSpan: call.parentSpan,
    state: caller.state,
    task: call.task,
    callDepth: caller.callDepth + 1,
    childWrites: [],
    nodeUsage,
  };
  let result: NodeResult;
  try {
    try {
      result = await runNode(ctx);
    } catch (err) {
      if (err instanceof InterruptRequest) {
        throw new EngineError(
          'interrupt_in_worker',
          `Node "${call.nodeId}" wants to pause the run (${err.interrupt.kind}) but runs as a worker of "${caller.nodeId}"; human nodes cannot be workers or tools`,
        );
      }
      throw err;
    }
  } catch (thrown) {
    const err = abortCause(scope, thrown);
    scope.emit('node.finished', { status: 'failed', error: errorInfo(err), latency_ms: scope.ports.clock.now() - started, ...usageField(nodeUsage) }, at);
    throw err;
  }
  scope.emit('node.finished', { status: 'succeeded', output: result.output ?? null, latency_ms: scope.ports.clock.now() - started, ...usageField(nodeUsage) }, at);
  // The child's writes to other channels apply with the caller's; its messages stay in its own conversation.
  const rest = Object.fromEntries(Object.entries(result.update).filter(([k]) => k !== 'messages'));
  caller.childWrites.push(...ctx.childWrites);
  if (Object.keys(rest).length) caller.childWrites.push(rest);
  return result;
}

async function runSubgraph(
  scope: RunScope,
  doc: GraphDocument,
  input: string,
  parentSpan: string,
  caller: ExecContext,
): Promise<{ output: unknown; state: State }> {
  if (scope.graphDepth + 1 > MAX_GRAPH_DEPTH) {
    throw new EngineError('subgraph_depth', `Subgraph "${doc.name}" would nest more than ${MAX_GRAPH_DEPTH} graphs deep (does a graph include itself through other graphs?)`);
  }
  const prefix = `${caller.nodeId}/`;
  const prefixRef = (v: unknown) => (typeof v === 'string' ? prefix + v : v);
  const child = makeScope({
    doc,
    ports: scope.ports,
    signal: scope.signal,
    usage: scope.usage,
    step: scope.step,
    checkAlive: scope.checkAlive,
    graphDepth: scope.graphDepth + 1,
    calls: scope.calls,
    emit: (type, data, at) => {
      const edge = type === 'edge.taken' ? (data as TraceEmitData<'edge.taken'>) : undefined;
      const d = edge ? ({ ...edge, from: prefixRef(edge.from), to: prefixRef(edge.to) } as typeof data) : data;
      scope.emit(type, d, { ...at, node: at.node === undefined ? caller.nodeId : prefix + at.node });
    },
  });
  // No checkpoints, breakpoints or run-level events of its own: it lives inside the subgraph node's step.
  // A pause inside pauses the outer run; the subgraph's position rides in the outer checkpoint
  // (the continuation) and the resume goes on from there with the resume value.
  let pausedAt: Position | undefined;
  const runner = new GraphRunner(child, { runSpan: parentSpan, breakpoints: new Set(), checkpoint: () => {}, paused: (pos) => {
      pausedAt = pos;
    }, setStep: () => {} });
  const saved = caller.resume ? (caller.continuation?.subgraph as { position: Position; interrupt: Interrupt } | undefined) : undefined;
  const out = saved
    ? await runner.run(saved.position, { interrupt: saved.interrupt, value: caller.resume! })
    : await runner.run(runner.start(initialState(doc, input)));
  if (out.kind === 'paused') {
    throw new InterruptRequest({ ...out.interrupt, node: prefix + out.interrupt.node }, { subgraph: { position: pausedAt, interrupt: out.interrupt } });
  }
  if (out.kind === 'rejected') throw new RunRejected(prefix + out.node, out.reason);
  return out;
}
