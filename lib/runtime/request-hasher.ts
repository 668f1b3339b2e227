/**
 * requestHash (cassette.ts) for the requests of one run, without hashing the whole conversation
 * again at every model call (issue 20). A model request's canonical text is
 * `{"messages":[m1,...,mn],"model":...}` (keys sorted), and sha256 is a streaming hash: the hash
 * state after `{"messages":[m1,...,mk` is kept per node and call kind, and a later request whose
 * first k messages are the same (compared field by field) continues from a copy of it. The digest
 * is the same as requestHash's for every request (tests compare them).
 */
import { createHash, type Hash } from 'node:crypto';
import { canonical, requestHash } from './cassette';
import { isRecord, sameMessage } from './same-message';

interface Kept {
  head: string;
  messages: unknown[];
  /** The hash state after the head and every message of `messages`. */
  state: Hash;
}

/** States kept per node and kind (a node's tool loop and its next step's first call each continue one of them). */
const KEEP = 4;

function startsWith(messages: unknown[], prefix: unknown[]): boolean {
  if (prefix.length > messages.length) return false;
  for (let i = prefix.length - 1; i >= 0; i--) if (!sameMessage(prefix[i], messages[i])) return false;
  return true;
}

/** The canonical text around the messages: `{...keys before,"messages":[` and `],...keys after}`. */
function split(request: Record<string, unknown>): { head: string; tail: string } {
  const keys = Object.keys(request)
    .filter((k) => request[k] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const part = (k: string) => `${JSON.stringify(k)}:${canonical(request[k])}`;
  const before = keys.filter((k) => k < 'messages').map(part);
  const after = keys.filter((k) => k > 'messages').map(part);
  return { head: `{${before.map((p) => `${p},`).join('')}"messages":[`, tail: `]${after.map((p) => `,${p}`).join('')}}` };
}

/** A requestHash for the calls of one run. */
export function requestHasher(): (call: { kind: string; node: string; request: unknown }) => string {
  const kept = new Map<string, Kept[]>();
  return ({ kind, node, request }) => {
    if (!isRecord(request) || !Array.isArray(request.messages)) return requestHash(request);
    const messages = request.messages as unknown[];
    const { head, tail } = split(request);
    const key = `${kind}\u0000${node}`;
    const list = kept.get(key) ?? [];
    // The longest kept prefix of this request (each candidate compared at most once).
    const best = [...list].sort((x, y) => y.messages.length - x.messages.length).find((k) => k.head === head && startsWith(messages, k.messages));
    const state = best ? best.state.copy() : createHash('sha256').update(head);
    for (let i = best?.messages.length ?? 0; i < messages.length; i++) state.update(i ? `,${canonical(messages[i])}` : canonical(messages[i]));
    const next = [...list.filter((k) => k !== best), { head, messages, state: state.copy() }];
    kept.set(key, next.slice(-KEEP));
    return state.update(tail).digest('hex');
  };
}
