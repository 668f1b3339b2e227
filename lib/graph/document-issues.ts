/** zod issues as Problems: one problem per real cause, with a path and a message a person can act on. */
import type { z } from 'zod';
import type { Problem } from './problems';
import { noReflectReason } from './tool-types';
import { problem, type PathPart } from './validate-problem';

type Issue = z.ZodError['issues'][number];

/** The value at `path` inside `root`, own properties only. */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (typeof key === 'symbol' || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<string | number, unknown>)[key as string | number];
  }
  return cur;
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  if (typeof v === 'object') return 'mapping';
  return typeof v;
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  if (s === undefined) return String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function toParts(path: readonly PropertyKey[]): PathPart[] {
  return path.map((p) => (typeof p === 'number' ? p : String(p)));
}

/** Why `reflect` is not offered on the tool at `parts` (`tools.<id>`), when it is a type without it (tool-types.ts `noReflect`). */
function noReflect(parts: PathPart[], tool: unknown): string | undefined {
  if (parts.length !== 2 || parts[0] !== 'tools' || !tool || typeof tool !== 'object') return undefined;
  const type = (tool as { type?: unknown }).type;
  const why = noReflectReason(type);
  return why === undefined ? undefined : `reflect (self-reflection) is not offered on a ${String(type)} tool: ${why}`;
}

const isMissing = (i: Issue, input: unknown, base: PropertyKey[]) =>
  i.code === 'invalid_type' && valueAt(input, [...base, ...i.path]) === undefined;

function mapIssue(issue: Issue, input: unknown, base: PropertyKey[], out: Problem[]): void {
  const path = [...base, ...issue.path];
  const parts = toParts(path);
  const value = valueAt(input, path);
  const err = (code: string, what: string, at: PathPart[] = parts): void => {
    out.push(problem('error', code, at, what));
  };

  switch (issue.code) {
    case 'invalid_union': {
      if ('discriminator' in issue && issue.discriminator && 'options' in issue) {
        const opts = (issue.options as unknown[]).map(String).join(', ');
        const field = String(issue.discriminator);
        const what = value === undefined ? `missing ${field}` : `unknown ${field} ${show(value)}`;
        err(`invalid_${field}`, `${what} (expected one of ${opts})`);
        return;
      }
      const alts = issue.errors;
      if (!alts.length) return err('invalid_value', issue.message);
      if (alts.every((alt) => alt.length > 0 && alt.every((i) => isMissing(i, input, path)))) {
        const fields = alts.map((alt) => alt.map((i) => `"${String(i.path[i.path.length - 1])}"`).join(' and '));
        if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
          return err('missing_field', `needs ${fields.join(' or ')}`);
        }
      }
      // The alternative that fits best: fewest issues, then fewest missing fields.
      const score = (alt: Issue[]) => alt.length * 100 + alt.filter((i) => isMissing(i, input, path)).length;
      const best = alts.reduce((a, b) => (score(b) < score(a) ? b : a));
      if (best.length === 1 && best[0].path.length === 0 && best[0].code !== 'unrecognized_keys') {
        return err('invalid_value', `unexpected ${kindOf(value)} ${show(value)}`);
      }
      for (const i of best) mapIssue(i, input, path, out);
      return;
    }
    case 'unrecognized_keys':
      for (const key of issue.keys) {
        const why = key === 'reflect' ? noReflect(parts, value) : undefined;
        if (why) err('reflect_not_offered', why, [...parts, key]);
        else err('unknown_field', `unknown field "${key}"`, [...parts, key]);
      }
      return;
    case 'invalid_key': {
      const inner = issue.issues.map((i) => i.message).join('; ');
      return err('invalid_id', `invalid id ${show(path[path.length - 1])}: ${inner}`);
    }
    case 'invalid_type':
      if (value === undefined) return err('missing_field', `missing required field "${String(path[path.length - 1] ?? '')}"`);
      return err('invalid_type', `expected ${issue.expected}, got ${kindOf(value)} ${show(value)}`);
    case 'invalid_value': {
      const vals = issue.values.map((v) => (typeof v === 'string' ? v : show(v))).join(', ');
      const many = issue.values.length > 1;
      return err('invalid_value', `${value === undefined ? 'missing value' : `unknown value ${show(value)}`} (expected ${many ? 'one of ' : ''}${vals})`);
    }
    case 'too_big':
    case 'too_small': {
      const what = issue.origin === 'string' ? 'text' : issue.origin === 'array' ? 'list' : 'value';
      const rel = issue.code === 'too_big' ? (issue.inclusive ? 'at most' : 'less than') : issue.inclusive ? 'at least' : 'more than';
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      return err(`${issue.code}`, `${what} must be ${rel} ${String(issue.code === 'too_big' ? issue.maximum : issue.minimum)}${unit}`);
    }
    default:
      return err(issue.code, issue.message);
  }
}

export function zodProblems(error: z.ZodError, input: unknown): Problem[] {
  const out: Problem[] = [];
  for (const issue of error.issues) mapIssue(issue, input, [], out);
  const seen = new Set<string>();
  return out.filter((p) => (seen.has(p.message) ? false : (seen.add(p.message), true)));
}
