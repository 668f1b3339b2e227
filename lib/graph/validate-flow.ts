/**
 * Control-flow rules of a graph: entry, reachability, paths to END and cycles that cannot stop.
 * Works on the edge list only (plus the "calls" a supervisor or an agent tool makes to other nodes).
 */
import { END, START, branchTarget, isConditional, type GraphDocument } from './schema';
import type { Problem } from './problems';
import { calleesOf } from './roles';
import { problem } from './validate-problem';

export interface FlowGraph {
  /** Edges that move control: plain edges and every branch target of conditional edges. */
  next: Map<string, Set<string>>;
  /** Nodes called as sub-agents (`calleesOf`: supervisor workers, `agent` tools); they return to their caller. */
  calls: Map<string, Set<string>>;
  /** Nodes that have a conditional edge, with the targets of its branches. */
  conditional: Map<string, string[]>;
}

function add(map: Map<string, Set<string>>, from: string, to: string): void {
  let set = map.get(from);
  if (!set) map.set(from, (set = new Set()));
  set.add(to);
}

function buildFlowGraph(doc: GraphDocument): FlowGraph {
  const nodes = doc.nodes ?? {};
  const next = new Map<string, Set<string>>();
  const calls = new Map<string, Set<string>>();
  const conditional = new Map<string, string[]>();
  for (const edge of doc.edges ?? []) {
    if (isConditional(edge)) {
      const targets = edge.branches.map(branchTarget);
      for (const t of targets) add(next, edge.from, t);
      if (!conditional.has(edge.from)) conditional.set(edge.from, targets);
    } else {
      add(next, edge.from, edge.to);
    }
  }
  for (const [id, node] of Object.entries(nodes)) for (const callee of calleesOf(node, doc.tools)) add(calls, id, callee);
  return { next, calls, conditional };
}

/** Every node reachable from `roots` following the given adjacency maps. */
function reach(roots: string[], maps: Map<string, Set<string>>[]): Set<string> {
  const seen = new Set<string>(roots);
  const stack = [...roots];
  while (stack.length) {
    const n = stack.pop()!;
    for (const m of maps) {
      for (const t of m.get(n) ?? []) {
        if (!seen.has(t)) {
          seen.add(t);
          stack.push(t);
        }
      }
    }
  }
  return seen;
}

/** Strongly connected components (iterative Tarjan), over `ids` and the `next` map. */
function stronglyConnected(ids: string[], next: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  for (const root of ids) {
    if (index.has(root)) continue;
    const work: { node: string; it: Iterator<string> }[] = [];
    const open = (n: string) => {
      index.set(n, counter);
      low.set(n, counter++);
      stack.push(n);
      onStack.add(n);
      work.push({ node: n, it: (next.get(n) ?? new Set<string>()).values() });
    };
    open(root);
    while (work.length) {
      const top = work[work.length - 1];
      const step = top.it.next();
      if (!step.done) {
        const w = step.value;
        if (!index.has(w)) open(w);
        else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const comp: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          comp.push(w);
        } while (w !== top.node);
        out.push(comp.reverse());
      }
    }
  }
  return out;
}

export function checkFlow(doc: GraphDocument): Problem[] {
  const out: Problem[] = [];
  const ids = Object.keys(doc.nodes ?? {});
  const g = buildFlowGraph(doc);

  if (!g.next.has(START)) {
    out.push(problem('error', 'no_entry', ['edges'], 'no edge from START: add `{ from: START, to: <first node> }`'));
  }

  const reachable = reach([START], [g.next, g.calls]);
  for (const id of ids) {
    if (!reachable.has(id)) {
      out.push(problem('warning', 'unreachable_node', ['nodes', id], `node "${id}" cannot be reached from START`));
    }
  }

  // Reverse reachability from END over control edges; called nodes return to their caller.
  const reverse = new Map<string, Set<string>>();
  for (const [from, tos] of g.next) for (const to of tos) add(reverse, to, from);
  const called = new Set<string>();
  for (const tos of g.calls.values()) for (const t of tos) called.add(t);
  const reachesEnd = reach([END], [reverse]);
  for (const id of ids) {
    if (reachable.has(id) && !reachesEnd.has(id) && !(called.has(id) && !g.next.has(id))) {
      out.push(problem('warning', 'no_path_to_end', ['nodes', id], `node "${id}" has no path to END`));
    }
  }
  if (g.next.has(START) && !reachesEnd.has(START) && ids.every((id) => !reachable.has(id) || reachesEnd.has(id))) {
    out.push(problem('warning', 'no_path_to_end', ['edges'], 'no path from START reaches END'));
  }

  // A cycle must be able to stop: some node on it needs a conditional edge with a branch leaving it.
  // And plain edges always fire, so a cycle made only of plain edges repeats forever whatever else it has.
  const known = new Set(ids);
  const inside = (m: Map<string, Set<string>>) => {
    const res = new Map<string, Set<string>>();
    for (const [from, tos] of m) if (known.has(from)) for (const t of tos) if (known.has(t)) add(res, from, t);
    return res;
  };
  const plainNext = new Map<string, Set<string>>();
  for (const edge of doc.edges ?? []) if (!isConditional(edge)) add(plainNext, edge.from, edge.to);
  const reported = new Set<string>();
  const cycles = (next: Map<string, Set<string>>) =>
    stronglyConnected(ids, next).filter((c) => c.length > 1 || next.get(c[0])?.has(c[0]));
  const report = (comp: string[], why: string) => {
    comp.forEach((n) => reported.add(n));
    const ring = [...comp, comp[0]].join(' -> ');
    out.push(problem('error', 'unbounded_cycle', ['nodes', comp[0]], `cycle ${ring} ${why}`));
  };
  for (const comp of cycles(inside(g.next))) {
    const members = new Set(comp);
    const canStop = comp.some((n) => (g.conditional.get(n) ?? []).some((t) => !members.has(t)));
    if (!canStop) report(comp, 'has no way out: give one of its nodes a conditional edge with a branch that leaves the cycle');
  }
  for (const comp of cycles(inside(plainNext))) {
    if (!comp.some((n) => reported.has(n))) {
      report(comp, 'is made of plain edges, which always fire: make one of them a conditional edge');
    }
  }
  return out;
}
