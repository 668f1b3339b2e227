/**
 * State channels and reducers (LangGraph-like).
 * - `messages` and `list` channels append (a list update appends each item; a single value is pushed).
 * - `merge` shallow-merges an object into the current object.
 * - everything else is last-value-wins.
 * Implicit channels `input` and `messages` exist in every run. Writes to an undeclared channel are
 * accepted as last-value (validation warns about them).
 */
import { evaluateCel } from '../graph/cel';
import { defaultReducer } from '../graph/defaults';
import { Identifier, type GraphDocument, type StateChannel } from '../graph/schema';
import { EngineError, excerpt } from './errors';
import { stateChannels as channelsOf, typeProblem } from '../graph/state-check';
import { channelOf } from '../graph/validate-answer';
import type { ChatMessage } from './ports';

export type State = Record<string, unknown>;
export type Reducer = 'append' | 'replace' | 'merge';

function reducerOf(channel: StateChannel | undefined): Reducer {
  if (!channel) return 'replace';
  return channel.reducer ?? defaultReducer(channel.type);
}

/** A copy of a state value (primitives are their own copy: no structured clone for them). */
const clone = <T>(v: T): T => (v === null || (typeof v !== 'object' && typeof v !== 'function') ? v : structuredClone(v));

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Start state: declared defaults, `input`, the first user message, then `inputs` (checked). */
export function initialState(doc: GraphDocument, input: string, inputs: Record<string, unknown> = {}): State {
  const channels = channelsOf(doc);
  const state: State = {};
  for (const [name, ch] of Object.entries(channels)) {
    if (ch.default !== undefined) state[name] = clone(ch.default);
    else if (ch.type === 'messages' || ch.type === 'list') state[name] = [];
  }
  state.input = input;
  state.messages = [{ role: 'user', content: input } satisfies ChatMessage];
  for (const [key, value] of Object.entries(inputs)) {
    if (!Object.hasOwn(channels, key)) {
      const known = Object.keys(doc.state ?? {});
      throw new EngineError(
        'unknown_input',
        `inputs.${key}: there is no state channel "${key}" in this graph (declared channels: ${known.length ? known.join(', ') : 'none'})`,
      );
    }
    const bad = typeProblem(channels[key], value);
    if (bad) throw new EngineError('bad_input', `inputs.${key}: channel "${key}" is ${channels[key].type}, so the value must be ${bad} (got ${excerpt(value, 80)})`);
    state[key] = clone(value);
  }
  return state;
}

/** One channel write through its reducer. */
export function reduce(reducer: Reducer, current: unknown, value: unknown): unknown {
  switch (reducer) {
    case 'append': {
      const base = Array.isArray(current) ? current : current === undefined || current === null ? [] : [current];
      return Array.isArray(value) ? [...base, ...clone(value)] : [...base, clone(value)];
    }
    case 'merge':
      return isPlainObject(current) && isPlainObject(value) ? { ...current, ...clone(value) } : clone(value);
    default:
      return clone(value);
  }
}

export interface Write {
  /** Through the channel's reducer. */
  update: Record<string, unknown>;
  /** Set as-is, bypassing reducers (e.g. a human edit replacing the last message). */
  overwrite?: Record<string, unknown>;
}

/** Applies one node's writes; returns the new state and the channels whose value changed. */
export function applyWrite(doc: GraphDocument, state: State, write: Write): { state: State; changed: string[] } {
  const channels = channelsOf(doc);
  const next: State = { ...state };
  for (const [key, value] of Object.entries(write.update)) {
    if (value === undefined) continue;
    next[key] = reduce(reducerOf(channels[key]), next[key], value);
  }
  const overwrite = write.overwrite;
  if (overwrite) for (const [key, value] of Object.entries(overwrite)) next[key] = clone(value);
  // Only written channels can change; unwritten ones keep their value (the same reference).
  const changed: string[] = [];
  for (const k of Object.keys(next)) {
    const written = Object.hasOwn(write.update, k) || (overwrite !== undefined && Object.hasOwn(overwrite, k));
    if (written && !sameJson(next[k], state[k])) changed.push(k);
  }
  return { state: next, changed };
}

/** Whether two state values have the same JSON (without serializing them: stops at the first difference). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // undefined and functions are left out of JSON objects; NaN/Infinity become null.
    return JSON.stringify(a) === JSON.stringify(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i] ?? null, bb[i] ?? null)) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined && typeof o[k] !== 'function');
  const ka = keys(ao);
  if (ka.length !== keys(bo).length) return false;
  return ka.every((k) => Object.hasOwn(bo, k) && sameJson(ao[k], bo[k]));
}

export function messagesOf(state: State): ChatMessage[] {
  return Array.isArray(state.messages) ? (state.messages as ChatMessage[]) : [];
}

/** Content of the last message, as text ('' when there is none). */
export function lastContent(state: State): string {
  const msgs = messagesOf(state);
  const last = msgs[msgs.length - 1];
  if (!last) return '';
  return typeof last.content === 'string' ? last.content : '';
}

/** Does node `id` of `doc` answer in `messages` (it has no `output` channel of its own)? */
function answersInMessages(doc: GraphDocument, id: string | undefined): boolean {
  const node = doc.nodes[id!];
  return !('output' in node) || node.output === undefined || node.output === 'messages';
}

/** A run's answer, and why it is what it is when no node answered (run.finished `answer_note`). */
export interface RunAnswer {
  output: unknown;
  note?: string;
}

/**
 * The run's answer. The graph's `output`: a channel name (its value) or a CEL expression over
 * `state`. Without it: the text of the last message written by a node whose output goes to
 * `messages` (a reviewer writing its verdict to `verdict` is not the answer); when no such node
 * wrote one, the last message any node wrote. When no node wrote a message at all: the value the
 * node(s) the run ended on (`ended`, the last step's) wrote to their channel (a tool node's
 * result), with a note saying so; else null, with a note saying why (lib/graph/validate-answer.ts
 * warns about such graphs when they are saved).
 */
export function runAnswer(doc: GraphDocument, state: State, ended: readonly string[] = []): RunAnswer {
  const expr = doc.output;
  if (expr !== undefined) {
    if (Identifier.safeParse(expr).success) return { output: state[expr] ?? null };
    try {
      return { output: evaluateCel(expr, { state }) ?? null };
    } catch (err) {
      throw new EngineError('cel_error', `Graph output: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const written = messagesOf(state).filter(
    (m): m is Extract<ChatMessage, { role: 'assistant' }> => m.role === 'assistant' && m.name !== undefined && Object.hasOwn(doc.nodes, m.name),
  );
  const last = written.findLast((m) => answersInMessages(doc, m.name)) ?? written.at(-1);
  if (last) return { output: last.content ?? null };
  const fix = 'set the graph\'s `output:` to the channel that holds the answer, or end on a node that answers in messages';
  for (const id of [...ended].reverse()) {
    const channel = Object.hasOwn(doc.nodes, id) ? channelOf(doc.nodes[id]) : undefined;
    if (channel && state[channel] !== undefined && state[channel] !== null) {
      return { output: state[channel], note: `No node answered in messages; the answer is channel "${channel}", which node "${id}" (the run ended on it) wrote. To choose the answer, ${fix}.` };
    }
  }
  const where = ended.length ? `the run ended on ${ended.map((n) => `"${n}"`).join(', ')}, which wrote no answer` : 'no node ran';
  return { output: null, note: `No answer: no node answered in messages, the graph has no \`output:\`, and ${where}. To give the run an answer, ${fix}.` };
}

/** The task text of a node without an explicit input: the last user message, else `state.input`. */
export function lastUserText(state: State): string {
  const msgs = messagesOf(state);
  for (let i = msgs.length - 1; i >= 0; i--) {
    const m = msgs[i];
    if (m.role === 'user' && typeof m.content === 'string') return m.content;
  }
  return typeof state.input === 'string' ? state.input : '';
}
