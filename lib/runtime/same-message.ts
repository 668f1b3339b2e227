/**
 * Whether two messages of a model request are the same (the same canonical JSON, cassette.ts), compared field
 * by field so a conversation of thousands of messages is compared without serializing it: strings
 * and numbers by value, nested values (tool calls, content parts) by their canonical text.
 * Conservative: false when unsure. Used by the trace (llm.request references) and the request hash.
 */
import { canonical } from './cassette';

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function sameMessage(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isRecord(a) || !isRecord(b)) return false;
  let keys = 0;
  for (const k in a) {
    if (!Object.hasOwn(a, k)) continue;
    keys++;
    if (!Object.hasOwn(b, k)) return false;
    const x = a[k];
    const y = b[k];
    if (x === y && (x === null || typeof x !== 'object')) continue;
    if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null || canonical(x) !== canonical(y)) return false;
  }
  for (const k in b) if (Object.hasOwn(b, k)) keys--;
  return keys === 0;
}
