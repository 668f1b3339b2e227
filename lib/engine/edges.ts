/**
 * Edges: which targets fire after a node ran, and which triggered nodes run in the next superstep.
 *
 * Plain edges always fire. A conditional edge takes its first branch whose `when` (CEL over
 * { state, output, last, node }, state after the step's writes) is true, else its `else`; an LLM
 * router's pick (`route.label`) selects the branch with that label instead. No match and no else
 * fails the run naming the node.
 *
 * Join rule (deterministic): every fired edge adds a trigger to its target. At the end of a step,
 * each triggered node runs in the next step, unless another triggered node can still reach it
 * through the edges (upstream work of the same wave still in flight): then it waits, keeping its
 * triggers, and runs once when its active predecessors have finished. So fan-out branches of
 * different lengths join before the join node runs, and it runs once. If every triggered node
 * would wait (only possible inside a cycle), all of them run. Frontier order = document order.
 */
import { evaluateCondition } from '../graph/cel';
import { END, START, branchTarget, isConditional, type ConditionalEdge, type GraphDocument, type PlainEdge } from '../graph/schema';
import type { TraceEmitData } from '../contracts/trace';
import { EngineError } from './errors';
import { lastContent } from './state';
import { NO_GUARD, type GuardSummary } from './guards/summary';

export interface EdgeIndex {
  plain: Map<string, PlainEdge[]>;
  conditional: Map<string, ConditionalEdge>;
  succ: Map<string, Set<string>>;
  /** The nodes reachable from a node through the edges, computed once per node on first use. */
  reach: Map<string, Set<string>>;
}

export function indexEdges(doc: GraphDocument): EdgeIndex {
  const plain = new Map<string, PlainEdge[]>();
  const conditional = new Map<string, ConditionalEdge>();
  const succ = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    if (to === END) return;
    if (!succ.has(from)) succ.set(from, new Set());
    succ.get(from)!.add(to);
  };
  for (const edge of doc.edges) {
    if (isConditional(edge)) {
      if (!conditional.has(edge.from)) conditional.set(edge.from, edge);
      for (const b of edge.branches) link(edge.from, branchTarget(b));
    } else {
      if (!plain.has(edge.from)) plain.set(edge.from, []);
      plain.get(edge.from)!.push(edge);
      link(edge.from, edge.to);
    }
  }
  return { plain, conditional, succ, reach: new Map() };
}

export interface Taken {
  to: string;
  /** edge.taken data. */
  data: TraceEmitData<'edge.taken'>;
}

export interface EdgeVars {
  state: Record<string, unknown>;
  output: unknown;
  last: string;
  /** The node's guard verdicts (guards/spec.ts GuardSummary): `guard.failed`, `guard.blocked`... */
  guard?: unknown;
}

/** The branch labels an LLM router chooses from (label, else the target id), in order. */
export function branchLabels(edge: ConditionalEdge): string[] {
  return edge.branches.map((b) => ('label' in b && b.label ? b.label : branchTarget(b)));
}

function takeConditional(edge: ConditionalEdge, from: string, vars: EdgeVars, route?: { label: string; reason: string }): Taken {
  if (route) {
    const labels = branchLabels(edge);
    const i = labels.indexOf(route.label);
    if (i < 0) throw new EngineError('no_branch', `Router "${from}" picked "${route.label}", which is not one of its branches (${labels.join(', ')})`);
    const to = branchTarget(edge.branches[i]);
    return { to, data: { from, to, branch_index: i, label: route.label, reason: route.reason } };
  }
  const conditions: string[] = [];
  for (let i = 0; i < edge.branches.length; i++) {
    const b = edge.branches[i];
    if ('else' in b) return { to: b.else, data: { from, to: b.else, condition: 'else', value: true, branch_index: i, reason: 'else' } };
    let value: boolean;
    try {
      value = evaluateCondition(b.when, { ...vars, node: from });
    } catch (err) {
      throw new EngineError('cel_error', `Node "${from}", branch ${i} (to ${b.to}): ${(err as Error).message}`);
    }
    if (value) return { to: b.to, data: { from, to: b.to, condition: b.when, value: true, branch_index: i } };
    conditions.push(b.when);
  }
  throw new EngineError(
    'no_branch',
    `Node "${from}": none of the conditions of its conditional edge matched (${conditions.join(' | ')}) and it has no else branch; add an else branch or fix the conditions`,
  );
}

/** The edges that fire after `from` ran (START at the beginning of a run). */
export function takeEdges(idx: EdgeIndex, from: string, vars: EdgeVars, route?: { label: string; reason: string }): Taken[] {
  const out: Taken[] = [];
  // A node's edges are few: a linear scan finds a target already taken.
  const taken = (to: string) => out.some((t) => t.to === to);
  for (const e of idx.plain.get(from) ?? []) {
    if (taken(e.to)) continue;
    out.push({ to: e.to, data: { from, to: e.to, ...(e.label ? { label: e.label } : {}) } });
  }
  const cond = idx.conditional.get(from);
  if (cond) {
    const t = takeConditional(cond, from, vars, route);
    if (!taken(t.to)) out.push(t);
  }
  return out;
}

/**
 * The edges that fire after `from` finished, checked: `rejected` (a person rejected human node
 * `from`) keeps only its conditional branch (plain edges are the approved path), and a target that
 * is not a node of `doc` fails the run. The scheduler emits `edge.taken` for each.
 */
export function firedEdges(
  idx: EdgeIndex,
  doc: GraphDocument,
  from: string,
  vars: EdgeVars,
  route?: { label: string; reason: string },
  rejected = false,
): Taken[] {
  let taken = takeEdges(idx, from, vars, route);
  if (rejected) taken = taken.filter((t) => 'branch_index' in t.data);
  for (const t of taken) {
    if (t.to !== END && !Object.hasOwn(doc.nodes, t.to)) {
      throw new EngineError('unknown_node', `An edge from "${from}" goes to "${t.to}", which is not a node of the graph`);
    }
  }
  return taken;
}

/** A node that finished in a step, as its edges see it (START for step 0). */
export interface FinishedNode {
  id: string;
  output: unknown;
  /** An LLM router's pick (kept: re-evaluating edges does not ask the model again). */
  route?: { label: string; reason: string };
  rejected?: boolean;
  /** Its guard verdicts (absent: none failed). */
  guard?: GuardSummary;
}

/**
 * The frontier after a step, recomputed from `state` (a fork's edited state): the edges of the
 * nodes that finished in the step fire again on it, with their recorded outputs, and the join rule
 * picks what runs next from those targets and the nodes that were waiting before the step. Pure:
 * no events (the scheduler's `advance` does the same while running, with events).
 */
export function nextAfter(
  doc: GraphDocument,
  finished: readonly FinishedNode[],
  state: Record<string, unknown>,
  waitingBefore: readonly string[],
): { next: string[]; waiting: string[] } {
  const idx = indexEdges(doc);
  const last = lastContent(state);
  const triggered = new Set(waitingBefore);
  for (const f of finished) {
    for (const t of firedEdges(idx, doc, f.id, { state, output: f.output ?? null, last, guard: f.guard ?? NO_GUARD }, f.route, !!f.rejected)) if (t.to !== END) triggered.add(t.to);
  }
  const { run, wait } = selectFrontier(idx, Object.keys(doc.nodes), triggered);
  return { next: run, waiting: wait };
}

/** The nodes `from` reaches through one or more edges (itself only through a cycle); memoized in the index. */
function reachable(idx: EdgeIndex, from: string): Set<string> {
  let out = idx.reach.get(from);
  if (out) return out;
  out = new Set<string>();
  const stack = [from];
  while (stack.length) {
    for (const n of idx.succ.get(stack.pop()!) ?? []) {
      if (!out.has(n)) {
        out.add(n);
        stack.push(n);
      }
    }
  }
  idx.reach.set(from, out);
  return out;
}

/** Splits the triggered nodes into those that run next and those that wait (join rule above). */
export function selectFrontier(idx: EdgeIndex, order: string[], triggered: Iterable<string>): { run: string[]; wait: string[] } {
  const set = new Set(triggered);
  set.delete(START);
  set.delete(END);
  if (set.size === 1) {
    // One triggered node: nothing else can be upstream of it (the common case of a chain or a loop).
    const [only] = set;
    return { run: order.includes(only) ? [only] : [], wait: [] };
  }
  const candidates = order.filter((n) => set.has(n));
  // A candidate waits when another candidate reaches it.
  const reached = new Set<string>();
  for (const x of candidates) for (const r of reachable(idx, x)) if (r !== x && set.has(r)) reached.add(r);
  const run = candidates.filter((t) => !reached.has(t));
  if (!run.length) return { run: candidates, wait: [] };
  return { run, wait: candidates.filter((c) => !run.includes(c)) };
}
