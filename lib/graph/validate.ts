/**
 * Semantic validation of a graph document that already has the right shape (zod-checked).
 * Errors make a graph unrunnable; warnings point at likely mistakes that still run.
 */
import { checkCel } from './cel';
import { checkSafeRegex, safeRegex } from './safe-regex';
import { DEFAULTS, IMPLICIT_CHANNELS } from './defaults';
import type { Problem } from './problems';
import { callsModel, takesHistory } from './roles';
import { pausesRun } from './tool-types';
import {
  END,
  GraphName,
  Identifier,
  LIMIT_RANGES,
  START,
  isConditional,
  type GraphDocument,
  type NodeSpec,
  type ToolSpec,
} from './schema';
import { checkFlow } from './validate-flow';
import { checkAnswer } from './validate-answer';
import { checkGuardsAndSchemas } from './validate-guards';
import { problem, type PathPart } from './validate-problem';
import { checkTools, type ValidationContext } from './validate-tools';

export type { ValidationContext } from './validate-tools';

export interface ValidationResult {
  errors: Problem[];
  warnings: Problem[];
}

const has = (rec: Record<string, unknown> | undefined, key: string): boolean =>
  rec !== undefined && Object.hasOwn(rec, key);

function cel(out: Problem[], parts: PathPart[], expr: string | undefined): void {
  if (expr === undefined) return;
  const bad = checkCel(expr);
  if (bad?.code === 'cel_budget') out.push(problem('error', 'cel_budget', parts, `CEL expression is ${bad.message}`));
  else if (bad) out.push(problem('error', 'cel_syntax', parts, `CEL expression does not compile: ${bad.message}`));
}

/** A ReAct pattern must run on RE2 (linear time) and have the capture groups the loop reads. */
function pattern(out: Problem[], parts: PathPart[], source: string | undefined, groups: number): void {
  if (source === undefined) return;
  const bad = checkSafeRegex(source);
  if (bad) out.push(problem('error', 'bad_pattern', parts, bad));
  else if (safeRegex(source).groups < groups) {
    out.push(problem('error', 'bad_pattern', parts, `needs ${groups} capture group${groups > 1 ? 's' : ''} (it has ${safeRegex(source).groups})`));
  }
}

function checkIds(doc: GraphDocument, out: Problem[]): void {
  const tools = doc.tools ?? {};
  for (const id of Object.keys(doc.nodes ?? {})) {
    if (id === START || id === END) {
      out.push(problem('error', 'reserved_node_id', ['nodes', id], `"${id}" is reserved for the graph's entry/exit`));
    }
    const tool = has(tools, id) ? tools[id] : undefined;
    if (tool && !(tool.type === 'agent' && tool.node === id)) {
      out.push(
        problem('warning', 'id_collision', ['tools', id], `tool "${id}" has the same id as a node; traces and prompts will be ambiguous`),
      );
    }
  }
}

/**
 * Why node `id` would pause the run (a human node, or a tool that pauses it, tool-types.ts: `human`, `client`), or
 * null. Such a node cannot run as a supervisor's worker or behind an `agent` tool: those run
 * inside another node's model loop, which has no way to pause.
 */
function pauseReason(doc: GraphDocument, id: string): string | null {
  const node = has(doc.nodes ?? {}, id) ? doc.nodes[id] : undefined;
  if (!node) return null;
  if (node.role === 'human') return `"${id}" is a human node`;
  const tools = doc.tools ?? {};
  const asks = ('tools' in node ? (node.tools ?? []) : []).find((t) => has(tools, t) && pausesRun(tools[t].type));
  return asks ? `"${id}" uses the ${tools[asks].type} tool "${asks}"` : null;
}

/** Two tools of a node offering the same function name (an operationId equal to another tool's id, say) would be ambiguous. */
function checkFunctionNames(out: Problem[], ids: readonly string[], tools: Record<string, ToolSpec>, at: (...rest: PathPart[]) => PathPart[]): void {
  const owner = new Map<string, string>();
  ids.forEach((t, i) => {
    if (!has(tools, t)) return;
    for (const fn of functionsOf(t, tools[t])) {
      const first = owner.get(fn);
      if (first !== undefined && first !== t) out.push(problem('error', 'duplicate_function', at('tools', i), `tools "${first}" and "${t}" both offer a function named "${fn}"`));
      if (first === undefined) owner.set(fn, t);
    }
  });
}

/** The function names a tool offers the model: its id, or its operations / MCP tools. */
function functionsOf(id: string, spec: ToolSpec): readonly string[] {
  if (spec.type === 'openapi') return spec.operations;
  if (spec.type === 'mcp') return spec.tools;
  return [id];
}

function checkNode(doc: GraphDocument, id: string, node: NodeSpec, out: Problem[]): void {
  const at = (...rest: PathPart[]): PathPart[] => ['nodes', id, ...rest];
  const nodes = doc.nodes ?? {};
  const tools = doc.tools ?? {};
  const models = doc.models ?? {};
  const channels = doc.state ?? {};

  if ('model' in node && node.model !== undefined) {
    if (!has(models, node.model)) {
      out.push(problem('error', 'unknown_model', at('model'), `unknown model "${node.model}" (not in models)`));
    }
  } else if (callsModel(node) && !has(models, DEFAULTS.model)) {
    out.push(
      problem('error', 'unknown_model', at('model'), `no model set and models has no "${DEFAULTS.model}" entry to fall back on`),
    );
  }

  if ('memory' in node && node.memory) {
    for (const part of ['summary', 'entities'] as const) {
      const ref = node.memory[part]?.model;
      if (ref !== undefined && !has(models, ref)) {
        out.push(problem('error', 'unknown_model', at('memory', part, 'model'), `unknown model "${ref}" (not in models)`));
      }
    }
  }

  if ('tools' in node && node.tools) {
    const seen = new Set<string>();
    node.tools.forEach((t, i) => {
      if (!has(tools, t)) out.push(problem('error', 'unknown_tool', at('tools', i), `unknown tool "${t}" (not in tools)`));
      else {
        const spec = tools[t];
        if (spec.type === 'agent' && spec.node === id) {
          out.push(problem('error', 'self_call', at('tools', i), `tool "${t}" calls this node itself`));
        }
      }
      if (seen.has(t)) out.push(problem('warning', 'duplicate_tool', at('tools', i), `tool "${t}" is listed twice`));
      seen.add(t);
    });
    checkFunctionNames(out, node.tools, tools, at);
  }

  if ('input' in node) cel(out, at('input'), node.input);
  if ('history' in node && node.history !== undefined && !takesHistory(node)) {
    out.push(problem('warning', 'history_unused', at('history'), `history has no effect here: a ${node.role}${node.role === 'router' ? ' in mode cel' : ''} does not read the conversation`));
  }
  if ('output' in node && node.output !== undefined) {
    if (!has(channels, node.output) && !has(IMPLICIT_CHANNELS, node.output)) {
      out.push(
        problem('warning', 'unknown_channel', at('output'), `output channel "${node.output}" is not declared in state`),
      );
    }
  }

  switch (node.role) {
    case 'agent':
      pattern(out, at('final_answer_pattern'), node.final_answer_pattern, 1);
      pattern(out, at('action_pattern'), node.action_pattern, 2);
      if (node.exit && typeof node.exit === 'object') {
        if ('when' in node.exit) cel(out, at('exit', 'when'), node.exit.when);
        else if (!(node.tools ?? []).includes(node.exit.tool)) {
          out.push(
            problem('warning', 'exit_tool_not_offered', at('exit', 'tool'), `exit tool "${node.exit.tool}" is not in this node's tools`),
          );
        }
      }
      break;
    case 'supervisor':
      node.workers.forEach((w, i) => {
        if (w === id) out.push(problem('error', 'self_call', at('workers', i), 'a supervisor cannot be its own worker'));
        else if (!has(nodes, w)) out.push(problem('error', 'unknown_node', at('workers', i), `unknown worker node "${w}"`));
        else {
          const why = pauseReason(doc, w);
          if (why) out.push(problem('error', 'pause_in_worker', at('workers', i), `${why}, which pauses the run: a worker cannot pause (make it a node of the graph instead)`));
        }
      });
      break;
    case 'tool':
      if (!has(tools, node.tool)) out.push(problem('error', 'unknown_tool', at('tool'), `unknown tool "${node.tool}" (not in tools)`));
      else if (functionsOf(node.tool, tools[node.tool]).length !== 1) {
        out.push(problem('error', 'multi_function_tool', at('tool'), `tool "${node.tool}" offers several functions (${tools[node.tool].type}); a tool node runs one: list a single operation or tool`));
      }
      for (const [arg, expr] of Object.entries(node.args ?? {})) cel(out, at('args', arg), expr);
      break;
    case 'human':
      cel(out, at('show'), node.show);
      break;
    case 'map':
      cel(out, at('items'), node.items);
    // falls through: a map runs a saved graph as a subgraph does
    case 'subgraph':
      if (!GraphName.safeParse(node.graph).success) {
        out.push(problem('error', 'invalid_graph_name', at('graph'), `"${node.graph}" is not a valid graph name`));
      } else if (node.graph === doc.name) {
        out.push(problem('error', 'self_call', at('graph'), 'a graph cannot run itself as a subgraph'));
      }
      break;
    case 'router': {
      const hasBranches = (doc.edges ?? []).some((e) => e.from === id && isConditional(e));
      if (!hasBranches) {
        out.push(problem('warning', 'router_without_branches', at(), 'a router needs a conditional edge to choose from'));
      }
      break;
    }
    default:
      break;
  }
}

function checkEdges(doc: GraphDocument, out: Problem[]): void {
  const nodes = doc.nodes ?? {};
  const known = (ref: string) => ref === START || ref === END || has(nodes, ref);
  const ref = (parts: PathPart[], target: string, end: 'from' | 'to') => {
    if (!known(target)) out.push(problem('error', 'unknown_node', parts, `unknown node "${target}"`));
    else if (end === 'to' && target === START) out.push(problem('error', 'edge_to_start', parts, 'an edge cannot go to START'));
    else if (end === 'from' && target === END) out.push(problem('error', 'edge_from_end', parts, 'an edge cannot leave END'));
  };
  const conditionalFrom = new Map<string, number>();
  const plainSeen = new Set<string>();
  (doc.edges ?? []).forEach((edge, i) => {
    ref(['edges', i, 'from'], edge.from, 'from');
    if (!isConditional(edge)) {
      ref(['edges', i, 'to'], edge.to, 'to');
      const key = JSON.stringify([edge.from, edge.to]);
      if (plainSeen.has(key)) {
        out.push(problem('warning', 'duplicate_edge', ['edges', i], `edge ${edge.from} -> ${edge.to} is listed twice`));
      }
      plainSeen.add(key);
      return;
    }
    const first = conditionalFrom.get(edge.from);
    if (first !== undefined) {
      out.push(
        problem('error', 'multiple_conditional_edges', ['edges', i], `node "${edge.from}" already has a conditional edge (edges[${first}]); put all its branches in one edge`),
      );
    } else conditionalFrom.set(edge.from, i);
    let elses = 0;
    edge.branches.forEach((b, j) => {
      const at: PathPart[] = ['edges', i, 'branches', j];
      if ('else' in b) {
        elses += 1;
        ref([...at, 'else'], b.else, 'to');
        if (elses > 1) out.push(problem('error', 'duplicate_else', [...at, 'else'], 'a conditional edge has at most one else'));
        else if (j !== edge.branches.length - 1) {
          out.push(problem('error', 'else_not_last', [...at, 'else'], 'else must be the last branch (branches after it never run)'));
        }
      } else {
        ref([...at, 'to'], b.to, 'to');
        cel(out, [...at, 'when'], b.when);
      }
    });
    if (elses === 0) {
      out.push(
        problem('warning', 'missing_else', ['edges', i, 'branches'], 'no else branch: the run fails when no condition matches'),
      );
    }
  });
}

function checkToolsAndLimits(doc: GraphDocument, out: Problem[], ctx: ValidationContext | undefined): void {
  checkTools(doc, out, ctx);
  for (const [id, tool] of Object.entries(doc.tools ?? {})) {
    if (tool.type === 'agent' && !has(doc.nodes, tool.node)) {
      out.push(problem('error', 'unknown_node', ['tools', id, 'node'], `unknown node "${tool.node}"`));
    } else if (tool.type === 'agent') {
      const why = pauseReason(doc, tool.node);
      if (why) out.push(problem('error', 'pause_in_worker', ['tools', id, 'node'], `${why}, which pauses the run: an agent tool cannot pause (give the human tool to the calling agent instead)`));
    }
  }
  const limits = doc.limits ?? {};
  for (const key of Object.keys(LIMIT_RANGES) as (keyof typeof LIMIT_RANGES)[]) {
    const v = limits[key];
    const { min, max } = LIMIT_RANGES[key];
    if (v !== undefined && !(v >= min && v <= max)) {
      out.push(problem('error', 'limit_out_of_range', ['limits', key], `${v} is out of range (${min} to ${max})`));
    }
  }
  for (const id of Object.keys(doc.layout ?? {})) {
    if (id !== START && id !== END && !has(doc.nodes, id)) {
      out.push(problem('warning', 'layout_unknown_node', ['layout', id], `layout entry for unknown node "${id}"`));
    }
  }
}

/**
 * The graph's `output`: a name is a state channel (declared, implicit, or some node's output), anything
 * else a CEL expression over `state`.
 */
function checkOutput(doc: GraphDocument, out: Problem[]): void {
  const expr = doc.output;
  if (expr === undefined) return;
  if (!Identifier.safeParse(expr).success) {
    cel(out, ['output'], expr);
    return;
  }
  const written = Object.values(doc.nodes ?? {}).flatMap((n) => ('output' in n && n.output ? [n.output] : []));
  if (!has(doc.state, expr) && !has(IMPLICIT_CHANNELS, expr) && !written.includes(expr)) {
    const known = [...Object.keys(IMPLICIT_CHANNELS), ...Object.keys(doc.state ?? {})];
    out.push(problem('error', 'unknown_channel', ['output'], `unknown state channel "${expr}" (channels: ${known.join(', ')}); write a channel name or a CEL expression such as state.${known.at(-1)}`));
  }
}

/**
 * `ctx`: the operator's configuration, given by the server when a graph is saved or imported, to
 * check the connections and MCP servers tools name (validate-tools.ts); without it they are not.
 */
export function validateGraph(doc: GraphDocument, ctx?: ValidationContext): ValidationResult {
  const all: Problem[] = [];
  checkOutput(doc, all);
  checkIds(doc, all);
  for (const [id, node] of Object.entries(doc.nodes ?? {})) checkNode(doc, id, node, all);
  checkEdges(doc, all);
  checkToolsAndLimits(doc, all, ctx);
  all.push(...checkFlow(doc));
  all.push(...checkAnswer(doc));
  all.push(...checkGuardsAndSchemas(doc));
  return {
    errors: all.filter((p) => p.severity === 'error'),
    warnings: all.filter((p) => p.severity === 'warning'),
  };
}
