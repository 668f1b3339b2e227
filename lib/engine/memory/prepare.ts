/**
 * A node's conversation memory (`memory:` on agent and supervisor nodes), in two halves:
 * - `prepareMemory` (async, before the node's executor runs; scheduler.ts runNode): on one memory
 *   span under the node's span, loads the node's memory of the run's conversation (MemoryPort;
 *   `memory.read`: what was loaded), folds old turns into the summary and extracts entities when
 *   due (model calls under the memory span, each followed by a `memory.write`), and saves it;
 * - `applyMemory` (apply.ts; sync, history.ts historyFor): the node's view of the conversation with the
 *   window applied and the summary / entities as system notes.
 * A failed memory call does not fail the node: `memory.write` carries the error and the node goes
 * on with the memory it had (a cancel or timeout still ends the run). Without a conversation
 * (no MemoryPort) memory is computed from the history the run was given and not kept.
 */
import type { MemorySpec } from '../../graph/schema';
import type { TraceEmitData } from '../../contracts/trace';
import { chat } from '../llm';
import { historyMode, viewOf } from '../history';
import type { ChatMessage, MemoryRecord } from '../ports';
import { abortCause, emitFrom, type ExecContext } from '../scope';
import { messagesOf } from '../state';
import { entitiesPlan, entitiesPrompt, readEntities } from './entities';
import { readSummary, summaryPlan, summaryPrompt, verbatimTurns } from './summary';
import { splitTurns } from './turns';
import { setMemoryNotes } from './apply';
import type { MemoryNotes } from './window';

function memoryOf(ctx: ExecContext): MemorySpec | undefined {
  return 'memory' in ctx.node ? ctx.node.memory : undefined;
}

/** The key of the node's memory: its id, qualified by the graph's name inside a subgraph. */
function memoryKey(ctx: ExecContext): string {
  return ctx.scope.graphDepth > 0 ? `${ctx.scope.doc.name}/${ctx.nodeId}` : ctx.nodeId;
}

const EMPTY: MemoryRecord = { summarized_turns: 0, entities: [], entities_at_turn: 0, turns: 0 };

/** The turns the stored summary covers (none without a summary text). */
function covered(record: MemoryRecord): number {
  return record.summary ? record.summarized_turns : 0;
}

/** How many latest turns the prompt holds verbatim: the window alone, or with a summary every uncovered turn (never one dropped). */
function keptTurns(spec: MemorySpec, turns: number, coveredTurns: number): number | undefined {
  if (spec.summary) return verbatimTurns(turns, coveredTurns);
  return spec.window === undefined ? undefined : Math.min(spec.window, turns);
}

/** One memory model call under the memory span, with `model` or the node's. */
async function memoryCall(ctx: ExecContext, span: string, model: string | undefined, messages: ChatMessage[]): Promise<{ text: string | null } | { error: string }> {
  const node = model ? ({ ...ctx.node, model } as typeof ctx.node) : ctx.node;
  try {
    const result = await chat({ ...ctx, node, span, parentSpan: ctx.span }, { messages });
    return { text: result.message.content };
  } catch (err) {
    const cause = abortCause(ctx.scope, err);
    if (cause !== err || ctx.scope.signal.aborted) throw cause;
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** Loads, updates (model calls when due), saves and reports the node's memory; see the file comment. */
export async function prepareMemory(ctx: ExecContext): Promise<void> {
  const spec = memoryOf(ctx);
  if (!spec || ctx.task !== undefined) return;
  const port = ctx.scope.ports.memory;
  const key = memoryKey(ctx);
  const stored = port !== undefined;
  const record: MemoryRecord = { ...EMPTY, ...(await port?.load(key)) };
  const { turns } = splitTurns(viewOf(messagesOf(ctx.state), ctx.nodeId, historyMode(ctx)));
  // The verbatim window: `window`, else the summary's `after`; with a summary it only trims covered turns (summary.ts).
  const window = spec.window ?? spec.summary?.after;
  const sum = spec.summary && summaryPlan(turns.length, covered(record), spec.summary.after, window!);
  const span = ctx.scope.ports.newId();
  const emit = <T extends 'memory.read' | 'memory.write'>(type: T, data: TraceEmitData<T>) => emitFrom(ctx, type, data, span, ctx.span);
  emit('memory.read', {
    turns: turns.length,
    // What the prompt will hold verbatim once the due summary (if any) is written.
    kept_turns: keptTurns(spec, turns.length, sum ? sum.to : covered(record)) ?? turns.length,
    stored,
    ...(spec.summary && record.summary ? { summary: record.summary, summarized_turns: record.summarized_turns } : {}),
    ...(spec.entities && record.entities.length ? { entities: record.entities } : {}),
  });
  let changed = record.turns !== turns.length;
  record.turns = turns.length;

  if (spec.summary && sum) {
    const r = await memoryCall(ctx, span, spec.summary.model, summaryPrompt(record.summary, turns.slice(sum.from, sum.to)));
    const summary = 'text' in r ? readSummary(r.text) : undefined;
    const error = 'error' in r ? r.error : summary === undefined ? 'the summary model answered nothing' : undefined;
    if (summary !== undefined) {
      record.summary = summary;
      record.summarized_turns = sum.to;
      changed = true;
    }
    emit('memory.write', { kind: 'summary', from: sum.from, to: sum.to, stored, ...(summary !== undefined ? { summary } : {}), ...(error ? { error } : {}) });
  }

  const ent = spec.entities && entitiesPlan(turns.length, record.entities_at_turn, spec.entities.every);
  if (spec.entities && ent) {
    const r = await memoryCall(ctx, span, spec.entities.model, entitiesPrompt(record.entities, turns.slice(ent.from, ent.to)));
    let error = 'error' in r ? r.error : undefined;
    if ('text' in r) {
      try {
        record.entities = readEntities(r.text);
        record.entities_at_turn = ent.to;
        changed = true;
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
    }
    emit('memory.write', { kind: 'entities', from: ent.from, to: ent.to, stored, ...(error ? { error } : { entities: record.entities }) });
  }

  if (port && changed) await port.save(key, record);
  const notes: MemoryNotes = {
    keep: keptTurns(spec, turns.length, covered(record)),
    ...(spec.summary && record.summary ? { summary: record.summary } : {}),
    ...(spec.entities && record.entities.length ? { entities: record.entities } : {}),
  };
  setMemoryNotes(ctx, notes);
}
