/**
 * Guards around a node and around the whole run (`guards: { input, output }`).
 *
 * Node input: the checks run, in order, before the node (no model call happens before they pass);
 * they judge its task, and a redaction masks the task, the user's messages and every string channel
 * the node sees (its prompt is built from the masked copy; state itself keeps what the user wrote).
 * Node output: the checks run on its answer before it is written to state (the answer is then not
 * streamed as the answer: llm.ts); a redaction masks it in messages, its channel and its output.
 * Graph input / output: the same on the run's input (before any node runs) and its answer.
 *
 * Each check's verdict is a `guard.verdict` event. `block` ends the step: a node with a conditional
 * edge answers the block message and the edge routes (`guard.blocked`, `guard.failed` are true);
 * otherwise the run fails with code `guard_blocked` and that message. A check that cannot run
 * (judge or /moderations unreachable, unreadable judgement) fails closed: the run fails with
 * `guard_unavailable`, never passes silently.
 */
import type { TraceEmitData } from '../../contracts/trace';
import type { GuardCheck, NodeSpec } from '../../graph/schema';
import { isConditional } from '../../graph/schema';
import { EngineError } from '../errors';
import type { ChatMessage } from '../ports';
import { emitFrom, type ExecContext, type NodeResult, type RunScope } from '../scope';
import type { State } from '../state';
import { outputText } from '../tool-runner';
import { taskText, answer } from '../executors/common';
import { runCheck, type Verdict } from './checks';
import { nodeGuards } from './spec';
import { NO_GUARD, type GuardSummary } from './summary';

type Stage = 'input' | 'output';

interface StageOutcome {
  /** The block message, when a check blocked. */
  blocked?: string;
  /** The texts after the stage's redactions (same order as given). */
  texts: string[];
}

function dedupe(matches: Verdict['matches']): Verdict['matches'] {
  if (!matches) return undefined;
  const seen = new Set<string>();
  return matches.filter((m) => {
    const k = `${m.kind}\u0000${m.masked}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Runs one stage's checks in order; emits each verdict through `emit`. */
async function runStage(
  ctx: ExecContext,
  where: { scope: 'node' | 'graph'; stage: Stage; label: string },
  checks: readonly GuardCheck[],
  given: string[],
  summary: GuardSummary,
  emit: (data: TraceEmitData<'guard.verdict'>) => void,
): Promise<StageOutcome> {
  let texts = given;
  for (let index = 0; index < checks.length; index++) {
    const check = checks[index];
    const v = await runCheck(ctx, check, texts);
    const matches = dedupe(v.matches);
    emit({
      scope: where.scope,
      stage: where.stage,
      check: check.check,
      index,
      verdict: v.verdict,
      ...(v.reason ? { reason: v.reason } : {}),
      ...(matches?.length ? { matches } : {}),
      ...(v.scores ? { scores: v.scores } : {}),
      ...(v.prompt_version ? { prompt_version: v.prompt_version } : {}),
      ...(v.error ? { error: v.error } : {}),
    });
    const name = `${where.stage}.${check.check}`;
    if (v.verdict === 'error') {
      throw new EngineError('guard_unavailable', `The ${check.check} guard on ${where.label} could not run, so the run was stopped (guards fail closed): ${v.error}`);
    }
    if (v.verdict === 'redact' && v.texts) {
      texts = v.texts;
      summary.redacted = true;
    }
    if (v.verdict === 'flag' || v.verdict === 'block') {
      summary.failed = true;
      summary.checks.push(name);
      summary.reason ||= v.reason ?? '';
    }
    if (v.verdict === 'block') {
      summary.blocked = true;
      return { blocked: check.message ?? `Blocked by the ${check.check} guard on ${where.label}: ${v.reason ?? 'the check failed'}`, texts };
    }
  }
  return { texts };
}

// ------------------------------------------------------------------ node guards

/** The strings of the node's view that a redaction covers: its task first, then the user's messages and string channels. */
function inputTexts(ctx: ExecContext): string[] {
  const out = [taskText(ctx)];
  for (const v of Object.values(ctx.state)) if (typeof v === 'string') out.push(v);
  const msgs = Array.isArray(ctx.state.messages) ? (ctx.state.messages as ChatMessage[]) : [];
  for (const m of msgs) if (m.role === 'user' && typeof m.content === 'string') out.push(m.content);
  return out;
}

/** A copy of the node's context whose task, string channels and user messages are the redacted ones. */
function redactedContext(ctx: ExecContext, before: string[], after: string[]): ExecContext {
  const swap = new Map<string, string>();
  before.forEach((t, i) => {
    if (after[i] !== t) swap.set(t, after[i]);
  });
  if (!swap.size) return ctx;
  const state: State = {};
  for (const [k, v] of Object.entries(ctx.state)) state[k] = typeof v === 'string' ? (swap.get(v) ?? v) : v;
  if (Array.isArray(ctx.state.messages)) {
    state.messages = (ctx.state.messages as ChatMessage[]).map((m) =>
      m.role === 'user' && typeof m.content === 'string' && swap.has(m.content) ? { ...m, content: swap.get(m.content)! } : m,
    );
  }
  return { ...ctx, state, ...(ctx.task !== undefined ? { task: swap.get(ctx.task) ?? ctx.task } : {}) };
}

/** The node's result with its answer text `from` replaced by `to` (in its output, messages and channels). */
function redactedResult(result: NodeResult, from: string, to: string): NodeResult {
  let output = result.output;
  if (typeof output === 'string') output = output === from ? to : output;
  else {
    try {
      output = JSON.parse(to);
    } catch {
      output = to;
    }
  }
  const swap = (rec: Record<string, unknown> | undefined) => {
    if (!rec) return rec;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(rec)) {
      if (v === result.output || v === from) out[k] = v === result.output ? output : to;
      else if (Array.isArray(v)) out[k] = v.map((m) => (m && typeof m === 'object' && (m as { content?: unknown }).content === from ? { ...m, content: to } : m));
      else out[k] = v;
    }
    return out;
  };
  return { ...result, output, update: swap(result.update)!, ...(result.overwrite ? { overwrite: swap(result.overwrite) } : {}) };
}

function hasConditionalEdge(ctx: ExecContext): boolean {
  return ctx.scope.doc.edges.some((e) => e.from === ctx.nodeId && isConditional(e));
}

/** A block: the node answers the message and its conditional edge routes, or the run fails. */
function blocked(ctx: ExecContext, message: string, summary: GuardSummary): NodeResult {
  if (ctx.callDepth === 0 && hasConditionalEdge(ctx)) return { ...answer(ctx, message, message), guard: summary };
  throw new EngineError('guard_blocked', message);
}

/** Runs `exec` (the node's executor) inside the node's guards; without guards, just runs it. */
export async function guardedNode(ctx: ExecContext, exec: (ctx: ExecContext) => Promise<NodeResult>): Promise<NodeResult> {
  const guards = nodeGuards(ctx.node);
  if (!guards?.input?.length && !guards?.output?.length) return exec(ctx);
  const summary: GuardSummary = { ...NO_GUARD, checks: [] };
  const emit = (data: TraceEmitData<'guard.verdict'>) => emitFrom(ctx, 'guard.verdict', data);
  const label = `node "${ctx.nodeId}"`;
  let run = ctx;
  if (guards.input?.length) {
    const texts = inputTexts(ctx);
    const r = await runStage(ctx, { scope: 'node', stage: 'input', label: `the input of ${label}` }, guards.input, texts, summary, emit);
    if (r.blocked) return blocked(ctx, r.blocked, summary);
    run = redactedContext(ctx, texts, r.texts);
  }
  let result = await exec(run);
  if (guards.output?.length) {
    const text = outputText(result.output);
    const r = await runStage(ctx, { scope: 'node', stage: 'output', label: `the output of ${label}` }, guards.output, [text], summary, emit);
    if (r.blocked) return blocked(ctx, r.blocked, summary);
    if (r.texts[0] !== text) result = redactedResult(result, text, r.texts[0]);
  }
  return { ...result, guard: summary };
}

// ------------------------------------------------------------------ graph guards

/** Where graph-level guards' own model calls (the injection judge) appear in the trace. */
export const GRAPH_GUARDS_NODE = '$guards';

function graphContext(scope: RunScope, runSpan: string): ExecContext {
  const node: NodeSpec = { role: 'agent' };
  return { scope, nodeId: GRAPH_GUARDS_NODE, node, span: runSpan, state: {}, callDepth: 0, childWrites: [] };
}

function graphEmitter(scope: RunScope, runSpan: string) {
  return (data: TraceEmitData<'guard.verdict'>) => scope.emit('guard.verdict', data, { span: runSpan });
}

/** The graph's input checks on the run's input: the (redacted) input and what START's edges see as `guard`; throws on a block. */
export async function guardGraphInput(scope: RunScope, runSpan: string, input: string): Promise<{ input: string; guard: GuardSummary }> {
  const checks = scope.doc.guards?.input;
  if (!checks?.length) return { input, guard: NO_GUARD };
  const summary: GuardSummary = { ...NO_GUARD, checks: [] };
  const r = await runStage(graphContext(scope, runSpan), { scope: 'graph', stage: 'input', label: 'the run\'s input' }, checks, [input], summary, graphEmitter(scope, runSpan));
  if (r.blocked) throw new EngineError('guard_blocked', r.blocked);
  return { input: r.texts[0], guard: summary };
}

/** The graph's output checks on the run's answer: the (redacted) answer; throws on a block. */
export async function guardGraphOutput(scope: RunScope, runSpan: string, output: unknown): Promise<unknown> {
  const checks = scope.doc.guards?.output;
  if (!checks?.length) return output;
  const text = outputText(output);
  const summary: GuardSummary = { ...NO_GUARD, checks: [] };
  const r = await runStage(graphContext(scope, runSpan), { scope: 'graph', stage: 'output', label: 'the run\'s answer' }, checks, [text], summary, graphEmitter(scope, runSpan));
  if (r.blocked) throw new EngineError('guard_blocked', r.blocked);
  if (r.texts[0] === text) return output;
  if (typeof output === 'string') return r.texts[0];
  try {
    return JSON.parse(r.texts[0]);
  } catch {
    return r.texts[0];
  }
}
