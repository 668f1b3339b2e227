/**
 * Where a run's answer comes from, and the save-time warning when a run can end without one.
 *
 * The answer is the graph's `output:` (a channel, or a CEL expression over the state); without
 * it, the last message a node wrote to `messages` (agents, executors, supervisors, subgraphs);
 * when no node wrote one, the value the node the run ended on wrote to its own channel
 * (lib/engine/state.ts runAnswer). A run that ends on a node writing no answer, on a path where no
 * earlier node wrote one either, answers with that node's channel, or with nothing: warned here
 * (`no_answer`, at the node), so the author can set `output:` or end on a node that answers.
 * Pure.
 */
import { Identifier, END, START, branchTarget, isConditional, type GraphDocument, type NodeRole, type NodeSpec } from './schema';
import type { Problem } from './problems';
import { calleesOf } from './roles';
import { problem } from './validate-problem';

/** Whether a node of the role appends its result to `messages` (executors' `answer()`); a new role is a compile error. */
const WRITES_MESSAGES: Record<NodeRole, boolean> = {
  agent: true,
  planner: false,
  executor: true,
  supervisor: true,
  tool: false,
  router: false,
  human: false,
  subgraph: true,
  map: false,
};

export function writesMessages(node: NodeSpec): boolean {
  return WRITES_MESSAGES[node.role];
}

/** The channel a node writes its result to besides `messages`, if any (a planner's plan goes to `plan` by default). */
export function channelOf(node: NodeSpec): string | undefined {
  if ('output' in node && node.output) return node.output;
  return node.role === 'planner' ? 'plan' : undefined;
}

/** Does `node` write the answer of `doc` (undefined: the graph's `output:` is an expression, so nobody can tell)? */
function writesAnswer(doc: GraphDocument, node: NodeSpec): boolean | undefined {
  const out = doc.output;
  if (out === undefined || out === 'messages') return writesMessages(node);
  if (!Identifier.safeParse(out).success) return undefined;
  return channelOf(node) === out;
}

function roleText(node: NodeSpec): string {
  const channel = channelOf(node);
  return `a ${node.role} node ${channel ? `writing only "${channel}"` : 'writing no channel'}`;
}

export function checkAnswer(doc: GraphDocument): Problem[] {
  const nodes = doc.nodes ?? {};
  const ids = Object.keys(nodes);
  if (ids.some((id) => writesAnswer(doc, nodes[id]) === undefined)) return [];
  const next = new Map<string, string[]>();
  const ends = new Set<string>();
  for (const edge of doc.edges ?? []) {
    const targets = isConditional(edge) ? edge.branches.map(branchTarget) : [edge.to];
    next.set(edge.from, [...(next.get(edge.from) ?? []), ...targets]);
    if (targets.includes(END)) ends.add(edge.from);
  }
  const called = new Set(ids.flatMap((id) => calleesOf(nodes[id], doc.tools)));
  // A node without outgoing edges ends its branch (unless it is only called as a sub-agent: it returns to its caller).
  for (const id of ids) if (!next.has(id) && !called.has(id)) ends.add(id);

  // The nodes START reaches before any node has written the answer.
  const bare = new Set<string>();
  const stack: string[] = [START];
  while (stack.length) {
    for (const t of next.get(stack.pop()!) ?? []) {
      if (t === END || bare.has(t) || !Object.hasOwn(nodes, t)) continue;
      bare.add(t);
      if (!writesAnswer(doc, nodes[t])) stack.push(t);
    }
  }

  const out: Problem[] = [];
  for (const id of ids) {
    const node = nodes[id];
    if (!ends.has(id) || !bare.has(id) || writesAnswer(doc, node)) continue;
    const channel = channelOf(node);
    const writer = doc.output === undefined ? 'a node that answers in messages (an agent, say)' : `a node writing "${doc.output}"`;
    const then = channel
      ? `its answer is then "${channel}", the channel "${id}" writes: set the graph's \`output: ${channel}\` to say so, or end on ${writer}`
      : `it then has no answer (null): give "${id}" an output channel and set the graph's \`output:\` to it, or end on ${writer}`;
    const what = doc.output === undefined ? 'to messages or to the graph\'s `output:`' : `to the graph's \`output: ${doc.output}\``;
    out.push(problem('warning', 'no_answer', ['nodes', id], `the run can end on node "${id}" (${roleText(node)}) with nothing written ${what} on the way; ${then}`));
  }
  return out;
}
