/**
 * The one check of state values against a graph's state channels (pure, browser-safe): the
 * engine's `inputs`, a fork's edited state (lib/runtime/fork-state.ts), the state edited at a
 * breakpoint or human step (resume, server and the debug panel's editor) all use it.
 * A value must fit its channel's type (null clears any channel); `messages` is checked item by
 * item (role and content), so a problem names its path (`state.messages[2].role`).
 */
import { IMPLICIT_CHANNELS } from './defaults';
import type { GraphDocument, StateChannel } from './schema';

export interface StateProblem {
  /** `state.<channel>` or `state.messages[i].role`. */
  path: string;
  message: string;
}

const channelCache = new WeakMap<object, Record<string, StateChannel>>();

/** The declared channels with the implicit ones (`input`, `messages`); cached per declaration object. */
export function stateChannels(doc: Pick<GraphDocument, 'state'>): Record<string, StateChannel> {
  const key = doc.state ?? IMPLICIT_CHANNELS;
  let channels = channelCache.get(key);
  if (!channels) {
    channels = { ...IMPLICIT_CHANNELS, ...(doc.state ?? {}) };
    channelCache.set(key, channels);
  }
  return channels;
}

/** Short JSON of a value for messages. */
function shortJson(value: unknown, max = 80): string {
  const s = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** What the value must be for the channel's type ("a string"), or null when it fits. */
export function typeProblem(channel: StateChannel, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  switch (channel.type) {
    case 'string':
      return typeof value === 'string' ? null : 'a string';
    case 'number':
      return typeof value === 'number' ? null : 'a number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'a boolean';
    case 'list':
    case 'messages':
      return Array.isArray(value) ? null : 'a list';
    default:
      return null;
  }
}

/** What is wrong with `value` for channel `key` (unknown channel, wrong type), or null. */
export function channelProblem(doc: Pick<GraphDocument, 'state'>, key: string, value: unknown): string | null {
  const channels = stateChannels(doc);
  if (!Object.hasOwn(channels, key)) {
    return `there is no state channel "${key}" in this graph (channels: ${Object.keys(channels).join(', ')})`;
  }
  const bad = typeProblem(channels[key], value);
  return bad ? `channel "${key}" is ${channels[key].type}, so the value must be ${bad} (got ${shortJson(value)})` : null;
}

const ROLES = ['system', 'user', 'assistant', 'tool'];

function messageProblem(m: unknown): { path: string; message: string } | null {
  if (!m || typeof m !== 'object' || Array.isArray(m)) return { path: '', message: 'a message must be an object { role, content }' };
  const { role, content } = m as { role?: unknown; content?: unknown };
  if (typeof role !== 'string' || !ROLES.includes(role)) return { path: '.role', message: `role must be one of ${ROLES.join(', ')}` };
  if (content !== null && typeof content !== 'string') return { path: '.content', message: 'content must be a string (or null for an assistant tool call)' };
  return null;
}

/** Every problem of a state object (or a patch of some channels) against the graph's channels; [] when it fits. */
export function stateProblems(doc: Pick<GraphDocument, 'state'>, state: Record<string, unknown>): StateProblem[] {
  const problems: StateProblem[] = [];
  for (const [key, value] of Object.entries(state)) {
    const bad = channelProblem(doc, key, value);
    if (bad) {
      problems.push({ path: `state.${key}`, message: bad });
      continue;
    }
    if (key === 'messages' && Array.isArray(value)) {
      value.forEach((m, i) => {
        const p = messageProblem(m);
        if (p) problems.push({ path: `state.messages[${i}]${p.path}`, message: p.message });
      });
    }
  }
  return problems;
}
