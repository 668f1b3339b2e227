/**
 * Structural diff of two JSON-like state snapshots (before/after a node), for the state diff view.
 * Objects are compared key by key, arrays index by index (so an appended message shows as one
 * `added` entry), anything else by value. Pure.
 */
export type DiffKind = 'added' | 'removed' | 'changed';

export interface DiffEntry {
  path: string;
  kind: DiffKind;
  before?: unknown;
  after?: unknown;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (IDENT.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${JSON.stringify(key)}]`;
}

export function diffState(before: unknown, after: unknown, path = ''): DiffEntry[] {
  if (Object.is(before, after)) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const out: DiffEntry[] = [];
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const k of keys) {
      const p = join(path, k);
      if (!Object.hasOwn(after, k)) out.push({ path: p, kind: 'removed', before: before[k] });
      else if (!Object.hasOwn(before, k)) out.push({ path: p, kind: 'added', after: after[k] });
      else out.push(...diffState(before[k], after[k], p));
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const out: DiffEntry[] = [];
    const n = Math.max(before.length, after.length);
    for (let i = 0; i < n; i++) {
      const p = join(path, i);
      if (i >= after.length) out.push({ path: p, kind: 'removed', before: before[i] });
      else if (i >= before.length) out.push({ path: p, kind: 'added', after: after[i] });
      else out.push(...diffState(before[i], after[i], p));
    }
    return out;
  }
  if (before === undefined) return [{ path: path || '(state)', kind: 'added', after }];
  if (after === undefined) return [{ path: path || '(state)', kind: 'removed', before }];
  return [{ path: path || '(state)', kind: 'changed', before, after }];
}
