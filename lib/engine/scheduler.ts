/**
 * The superstep loop (Pregel / LangGraph-like) over one graph: run the nodes of the frontier
 * concurrently (each seeing the state at the start of the step), then, once all have finished,
 * apply their writes in frontier order, fire edges, pick the next frontier (join rule in
 * edges.ts), checkpoint. So the state and checkpoints do not depend on which node finished first;
 * only the trace events of the step's nodes interleave (each node has its own span).
 * A node that fails aborts its siblings (the step's own abort signal) and fails the run with its
 * error. A human node that pauses lets its siblings finish, then the run pauses: the paused step
 * keeps the results of its finished nodes (`pending`) so a resume continues exactly where it
 * stopped. Used for the top run and, nested, for subgraphs.
 */
import { DEFAULTS } from '../graph/defaults';
import { usageField } from './budget';
import { END, START, type GraphDocument } from '../graph/schema';
import { EngineError, InterruptRequest, errorInfo } from './errors';
import { firedEdges, indexEdges, selectFrontier, type EdgeIndex } from './edges';
import { EXECUTORS } from './executors/registry';
import { prepareMemory } from './memory/prepare';
import { stepAbort } from './step-abort';
import { guardedNode } from './guards/run';
import { NO_GUARD, type GuardSummary } from './guards/summary';
import type { Interrupt, ResumeValue } from '../contracts/trace';
import { stateDelta } from '../contracts/state-delta';
import { abortCause, type ExecContext, type NodeResult, type RunScope, type Usage } from './scope';
import { applyWrite, lastContent, runAnswer, type State, type Write } from './state';

/** One node's finished work inside a step. */
export interface StepResult {
  /** The node's span (events about its writes and edges hang there). */
  span: string;
  writes: Write[];
  output: unknown;
  route?: { label: string; reason: string };
  /** A human node the person rejected (see `advance`: a rejection nothing routes ends the run). */
  rejected?: { reason?: string };
  /** The node's guard verdicts (`guard` in its conditional edges' CEL). */
  guard?: GuardSummary;
}

/** Where a run stands between steps (what a checkpoint holds). */
export interface Position {
  /** Completed supersteps. */
  step: number;
  state: State;
  next: string[];
  /** Triggered nodes held back by the join rule, with their triggers. */
  waiting: string[];
  /** Results of nodes of `next` that finished before the step paused. */
  pending: Record<string, StepResult>;
  /** Span of the node that paused (reused when it resumes). */
  interruptSpan?: string;
  /** What the paused node needs to go on from inside (InterruptRequest.continuation). */
  continuation?: Record<string, unknown>;
}

export interface RunnerHooks {
  runSpan: string;
  breakpoints: ReadonlySet<string>;
  /** After every step. */
  checkpoint(pos: Position): void | Promise<void>;
  /** The run pauses at `pos` (checkpoint it with the interrupt, emit run.interrupted under `span`). */
  paused(pos: Position, interrupt: Interrupt, span: string): void | Promise<void>;
  /** Shared step counter for event envelopes. */
  setStep(step: number): void;
}

/** A node that paused the step. */
interface Paused {
  interrupt: Interrupt;
  span: string;
  continuation?: Record<string, unknown>;
}

export type GraphOutcome =
  /** `note`: why the answer is what it is when no node answered (state.ts runAnswer). */
  | { kind: 'done'; output: unknown; note?: string; state: State }
  | { kind: 'paused'; interrupt: Interrupt }
  /** A person rejected human node `node` and no conditional edge routed the rejection to another node. */
  | { kind: 'rejected'; node: string; reason?: string; state: State };

type Rejection = { node: string; reason?: string };

export class GraphRunner {
  private readonly idx: EdgeIndex;
  private readonly order: string[];

  constructor(
    private readonly scope: RunScope,
    private readonly hooks: RunnerHooks,
  ) {
    this.idx = indexEdges(scope.doc);
    this.order = Object.keys(scope.doc.nodes);
  }

  private get doc(): GraphDocument {
    return this.scope.doc;
  }

  /** Step 0: the START edges fire. */
  start(state: State, guard?: GuardSummary): Position {
    this.hooks.setStep(0);
    const fired = this.fire(START, state, null, undefined, this.hooks.runSpan, undefined, false, guard);
    const { run, wait } = selectFrontier(this.idx, this.order, fired);
    // START -> END alone is a valid (empty) graph: it finishes at once.
    if (!run.length && !this.idx.plain.has(START) && !this.idx.conditional.has(START)) {
      throw new EngineError('no_entry', `Graph "${this.doc.name}" has no edge from START`);
    }
    return { step: 0, state, next: run, waiting: wait, pending: {} };
  }

  async run(from: Position, resume?: { interrupt: Interrupt; value: ResumeValue }): Promise<GraphOutcome> {
    let pos = from;
    const atBreakpoint = resume?.interrupt.kind === 'breakpoint';
    // `continue` runs past the breakpoint once; `step` runs one step, then pauses before the next.
    let skipBreak = atBreakpoint;
    const stepMode = atBreakpoint && resume?.value.action === 'step';
    let pauseNext = false;
    let resumeFor = resume && !atBreakpoint ? { node: resume.interrupt.node, value: resume.value } : undefined;
    // The nodes of the last step run here: the run's answer may be what they wrote.
    let ended: string[] = [];
    const limit = this.doc.limits?.recursion_limit ?? DEFAULTS.recursion_limit;

    for (;;) {
      if (!pos.next.length) {
        const answer = runAnswer(this.doc, pos.state, ended);
        return { kind: 'done', output: answer.output, ...(answer.note ? { note: answer.note } : {}), state: pos.state };
      }
      if (pos.step >= limit) {
        throw new EngineError(
          'recursion_limit',
          `Recursion limit of ${limit} supersteps reached before the graph got to END (next: ${pos.next.join(', ')}). ` +
            `If this loop is meant to run longer, raise limits.recursion_limit in the graph (now ${limit}, at most 1000); otherwise check the conditions that should end it.`,
        );
      }
      this.scope.checkAlive();
      if (!skipBreak) {
        const hit = pos.next.find((n) => this.hooks.breakpoints.has(n));
        if (hit || pauseNext) {
          const node = hit ?? pos.next[0];
          const interrupt: Interrupt = { kind: 'breakpoint', node, prompt: `Paused before "${node}" (step ${pos.step + 1})`, value: pos.state };
          return this.pause(pos, interrupt, this.hooks.runSpan);
        }
      }
      skipBreak = false;

      const step = pos.step + 1;
      this.hooks.setStep(step);
      const { results, paused } = await this.execStep(pos, resumeFor);
      resumeFor = undefined;
      if (paused) {
        const pending = Object.fromEntries(results);
        return this.pause({ ...pos, pending, interruptSpan: paused.span, continuation: paused.continuation }, paused.interrupt, paused.span);
      }
      ended = pos.next;
      const advanced = this.advance(pos, step, results);
      pos = advanced.pos;
      await this.hooks.checkpoint(pos);
      if (advanced.rejected) return { kind: 'rejected', ...advanced.rejected, state: pos.state };
      pauseNext = stepMode;
    }
  }

  /**
   * Runs the frontier's nodes (all but those already done before a pause) concurrently. The first
   * node to fail aborts the others; the step rethrows its error once every node has settled.
   */
  private async execStep(
    pos: Position,
    resumeFor: { node: string; value: ResumeValue } | undefined,
  ): Promise<{ results: Map<string, StepResult>; paused?: Paused }> {
    const results = new Map<string, StepResult>(Object.entries(pos.pending));
    const todo = pos.next.filter((id) => !results.has(id));
    if (todo.length === 1) {
      // One node: no sibling to stop when it fails, so the run's own signal is the step's.
      const [id] = todo;
      const r = await this.execNode(this.scope, id, pos.state, resumeFor && answers(resumeFor.node, id) ? resumeFor.value : undefined, pos);
      if ('interrupt' in r) return { results, paused: r };
      results.set(id, r);
      return { results };
    }
    const abort = stepAbort(this.scope.signal);
    const scope = this.scope.withSignal(abort.signal);
    let failure: { error: unknown } | undefined;
    let outcomes: (StepResult | Paused | undefined)[];
    try {
      outcomes = await Promise.all(
        todo.map((id) =>
          this.execNode(scope, id, pos.state, resumeFor && answers(resumeFor.node, id) ? resumeFor.value : undefined, pos).catch((error: unknown) => {
            if (!failure) {
              failure = { error };
              abort.abort(new EngineError('sibling_failed', `Stopped because node "${id}" failed in the same step`));
            }
            return undefined;
          }),
        ),
      );
    } finally {
      abort.dispose();
    }
    if (failure) throw failure.error;
    let paused: Paused | undefined;
    todo.forEach((id, i) => {
      const r = outcomes[i]!;
      if ('interrupt' in r) paused ??= r;
      else results.set(id, r);
    });
    return { results, paused };
  }

  private async pause(pos: Position, interrupt: Interrupt, span: string): Promise<GraphOutcome> {
    await this.hooks.paused(pos, interrupt, span);
    return { kind: 'paused', interrupt };
  }

  /**
   * Applies the step's writes in node order, fires edges, picks the next frontier. A rejected human
   * node fires only a conditional branch that leads to another node (e.g. back to a writer);
   * otherwise the rejection ends the run (`rejected`, nothing runs next).
   */
  private advance(pos: Position, step: number, results: Map<string, StepResult>): { pos: Position; rejected?: Rejection } {
    let state = pos.state;
    for (const id of pos.next) {
      const r = results.get(id)!;
      for (const w of r.writes) {
        const before = state;
        const applied = applyWrite(this.doc, state, w);
        state = applied.state;
        if (applied.changed.length) {
          this.scope.emit('state.updated', stateDelta(before, state, applied.changed), { node: id, span: r.span, parent: this.hooks.runSpan });
        }
      }
    }
    const triggered = new Set(pos.waiting);
    let rejected: Rejection | undefined;
    for (const id of pos.next) {
      const r = results.get(id)!;
      const targets = this.fire(id, state, r.output, r.route, r.span, this.hooks.runSpan, !!r.rejected, r.guard);
      if (r.rejected && !targets.length) rejected ??= { node: id, ...(r.rejected.reason ? { reason: r.rejected.reason } : {}) };
      for (const t of targets) triggered.add(t);
    }
    if (rejected) return { pos: { step, state, next: [], waiting: [], pending: {} }, rejected };
    const { run, wait } = selectFrontier(this.idx, this.order, triggered);
    return { pos: { step, state, next: run, waiting: wait, pending: {} } };
  }

  /** `rejected`: only the conditional edge's branch fires (plain edges are the approved path). */
  private fire(from: string, state: State, output: unknown, route: StepResult['route'], span: string, parent: string | undefined, rejected = false, guard?: GuardSummary): string[] {
    const taken = firedEdges(this.idx, this.doc, from, { state, output: output ?? null, last: lastContent(state), guard: guard ?? NO_GUARD }, route, rejected);
    const out: string[] = [];
    for (const t of taken) {
      this.scope.emit('edge.taken', t.data, { node: from === START ? undefined : from, span, parent });
      if (t.to !== END) out.push(t.to);
    }
    if (from !== START && !rejected && !taken.length && !this.idx.plain.has(from) && !this.idx.conditional.has(from)) {
      // A node without outgoing edges ends its branch, like an edge to END.
      this.scope.emit('edge.taken', { from, to: END, implicit: true }, { node: from, span, parent });
    }
    return out;
  }

  private async execNode(
    scope: RunScope,
    id: string,
    state: State,
    resume: ResumeValue | undefined,
    paused: Position,
  ): Promise<StepResult | Paused> {
    const resumeSpan = paused.interruptSpan;
    const node = this.doc.nodes[id];
    const { ports } = scope;
    const span = resume && resumeSpan ? resumeSpan : ports.newId();
    const at = { node: id, span, parent: this.hooks.runSpan };
    const started = ports.clock.now();
    if (resume) scope.emit('run.resumed', { ...resume }, at);
    else scope.emit('node.started', { role: node.role, ...(node.role === 'agent' ? { strategy: node.strategy ?? DEFAULTS.strategy } : {}) }, at);
    const nodeUsage: Usage = { input_tokens: 0, output_tokens: 0 };
    const ctx: ExecContext = { scope, nodeId: id, node, span, parentSpan: this.hooks.runSpan, state, resume, callDepth: 0, childWrites: [], nodeUsage };
    if (resume && paused.continuation) ctx.continuation = paused.continuation;
    let result: NodeResult;
    try {
      result = await runNode(ctx);
    } catch (thrown) {
      if (thrown instanceof InterruptRequest) return { interrupt: thrown.interrupt, span, continuation: thrown.continuation };
      const err = abortCause(scope, thrown);
      scope.emit('node.finished', { status: 'failed', error: errorInfo(err), latency_ms: ports.clock.now() - started, ...usageField(nodeUsage) }, at);
      throw err;
    }
    scope.emit('node.finished', { status: 'succeeded', output: result.output ?? null, latency_ms: ports.clock.now() - started, ...usageField(nodeUsage) }, at);
    const writes: Write[] = [...ctx.childWrites.map((u) => ({ update: u })), { update: result.update, overwrite: result.overwrite }];
    // A person's rejection of a human node (not of a human step inside a subgraph node).
    const rejected = node.role === 'human' && resume?.action === 'reject' ? { rejected: resume.reason?.trim() ? { reason: resume.reason.trim() } : {} } : {};
    return { span, writes, output: result.output, ...(result.route ? { route: result.route } : {}), ...(result.guard ? { guard: result.guard } : {}), ...rejected };
  }
}

/** Whether a pause at `paused` (a node id, or "<subgraph node>/<inner node>") is node `id`'s to resume. */
function answers(paused: string, id: string): boolean {
  return paused === id || paused.startsWith(`${id}/`);
}

/** Dispatches to the role's executor (the registry is keyed by role, so the cast is sound). */
export async function runNode(ctx: ExecContext): Promise<NodeResult> {
  const exec = EXECUTORS[ctx.node.role] as (node: typeof ctx.node, c: ExecContext) => Promise<NodeResult>;
  // The node's `guards` (guards/run.ts) check its input before and its answer after it runs; its
  // `memory` (memory/prepare.ts) is prepared inside them (its model calls see the redacted input).
  return guardedNode(ctx, async (c) => {
    if ('memory' in c.node && c.node.memory) await prepareMemory(c);
    return exec(c.node, c);
  });
}
