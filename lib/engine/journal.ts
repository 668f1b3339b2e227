/**
 * The call journal as a node uses it (ports.journal, ports.ts): every finished model and tool call
 * is recorded once, under its attempt key (attempt-keys.ts), with its node, request, result or
 * error, usage and timing. Three uses, each with its own name:
 * - **recall**: a node run again (a resume after a pause, recovery after a crash) gets its own
 *   earlier calls back by attempt key and does not make them again (trace: `replayed: true`);
 * - **reuse**: a replay run (time travel) or a graph test's cassette answers a call whose node and
 *   request match a call of the source run, so only changed calls reach the model or the tool
 *   (trace: `recording: 'recorded' | 'live'`);
 * - **replay** is only the time-travel action that starts such a run (lib/runtime/replay.ts).
 * The checkpoint holds no call results: a paused node's continuation points at the step's calls in
 * the journal (`journal`: their attempt keys), and its re-run recalls them by the keys it gets again;
 * a journal that lacks one of them fails the resume (journal_missing) rather than making a call twice.
 */
import { stepCounters } from './attempt-keys';
import { EngineError } from './errors';
import type { CallRequest, ChatResult, JournalEntry, RecalledCall, ToolResult } from './ports';
import type { ExecContext } from './scope';

/** What identifies a model call for reuse (the connection is not part of it). */
export function llmRequest(r: { model: string; messages: unknown; tools?: unknown; stop?: unknown; temperature?: unknown }): Record<string, unknown> {
  return { model: r.model, messages: r.messages, tools: r.tools ?? null, stop: r.stop ?? null, temperature: r.temperature ?? null };
}

export function toolRequest(tool: string, args: unknown): Record<string, unknown> {
  return { tool, args: args ?? null };
}

/**
 * The result this run recorded under attempt key `key` (when of this kind and `accept` agrees), else
 * undefined; a promise only when the journal answers with one (callers await it either way).
 */
export function recall<T>(ctx: ExecContext, key: string, kind: 'llm' | 'tool', accept: (r: unknown) => r is T): T | undefined | Promise<T | undefined> {
  const journal = ctx.scope.ports.journal;
  if (!journal) return undefined;
  const rec = journal.recall(key);
  const pick = (r: RecalledCall | undefined) => {
    if (r && r.kind === kind && accept(r.result)) {
      stepCounters(ctx).keys.push(key);
      return r.result;
    }
    if (pointedAt(ctx, key)) {
      throw new EngineError('journal_missing', `Node "${ctx.nodeId}" cannot go on: its checkpoint points at call ${key} (${kind}), which the call journal does not hold; it is not made again`);
    }
    return undefined;
  };
  return rec instanceof Promise ? rec.then(pick) : pick(rec);
}

/** Does the continuation the node was resumed with point at call `key`? */
function pointedAt(ctx: ExecContext, key: string): boolean {
  const keys = ctx.continuation?.journal;
  return Array.isArray(keys) && keys.includes(key);
}

/** The continuation field of a node that pauses: the attempt keys of the step's calls so far (pointers, not results). */
export function journalPointer(ctx: ExecContext): { journal: string[] } {
  return { journal: [...stepCounters(ctx).keys] };
}

/** In a replay run or a graph test with a cassette: the source's result for this call (when `accept` agrees), else undefined. */
export function reuse<T>(ctx: ExecContext, kind: CallRequest['kind'], request: Record<string, unknown>, accept: (r: unknown) => r is T): undefined | Promise<T | undefined> {
  const journal = ctx.scope.ports.journal;
  if (!journal?.reuse) return undefined; // nothing to reuse (and no promise to wait for)
  return Promise.resolve(journal.reuse({ kind, node: ctx.nodeId, request })).then((r) => (accept(r) ? structuredClone(r) : undefined));
}

/** Records a finished call (made now, or reused); the journal writes it with the step's commit. */
export function record(ctx: ExecContext, entry: Omit<JournalEntry, 'node'>): void {
  const journal = ctx.scope.ports.journal;
  if (!journal) return;
  journal.record({ ...entry, node: ctx.nodeId });
  stepCounters(ctx).keys.push(entry.key);
}

/** llm.response / tool.result field of a run that reuses calls: was this one reused? */
export function reuseMark(ctx: ExecContext, reused: boolean): { recording?: 'recorded' | 'live' } {
  return ctx.scope.ports.journal?.reuse ? { recording: reused ? 'recorded' : 'live' } : {};
}

export function isChatResult(r: unknown): r is ChatResult {
  const m = (r as ChatResult | null)?.message;
  return !!m && typeof m === 'object' && m.role === 'assistant' && typeof (r as ChatResult).usage === 'object';
}

/** A tool call's recorded outcome: its result, or the error the model was told. */
export type RecordedTool = ToolResult & { error?: string };

export function isRecordedTool(r: unknown): r is RecordedTool {
  return !!r && typeof r === 'object' && typeof (r as RecordedTool).output === 'string';
}
