/**
 * A fork's edited state, checked against the graph's state channels before anything runs: each
 * channel as `inputs` are checked (lib/engine/state.ts channelProblem), and `messages` item by item
 * (role and content), so the error names the path (`state.messages[2].role`).
 */
import { AppError } from '@/lib/errors';
import type { GraphDocument } from '@/lib/graph/schema';
import { channelProblem } from '@/lib/engine/state';

const ROLES = ['system', 'user', 'assistant', 'tool'];

function messageProblem(m: unknown): { path: string; message: string } | null {
  if (!m || typeof m !== 'object' || Array.isArray(m)) return { path: '', message: 'a message must be an object { role, content }' };
  const { role, content } = m as { role?: unknown; content?: unknown };
  if (typeof role !== 'string' || !ROLES.includes(role)) return { path: '.role', message: `role must be one of ${ROLES.join(', ')}` };
  if (content !== null && typeof content !== 'string') return { path: '.content', message: 'content must be a string (or null for an assistant tool call)' };
  return null;
}

/** Throws AppError('invalid_state', …) naming the first bad path; details list every problem. */
export function checkForkState(doc: GraphDocument, state: Record<string, unknown>): void {
  const problems: Array<{ path: string; message: string }> = [];
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
  if (problems.length) {
    const [first] = problems;
    throw new AppError('invalid_state', `${first.path}: ${first.message}`, { errors: problems });
  }
}
