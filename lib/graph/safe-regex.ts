/**
 * Regular expressions that come from a graph or a model run on a linear-time engine (RE2, via re2js):
 * matching time grows with the input, never exponentially (`^(a+)+$` cannot freeze the server).
 * RE2 syntax is JavaScript's minus backreferences and lookaround; `\s` is ASCII whitespace.
 * See https://github.com/google/re2/wiki/Syntax
 */
import { RE2JS } from 're2js';

export class SafeRegexError extends Error {
  readonly code = 'bad_pattern';
  constructor(
    readonly pattern: string,
    message: string,
  ) {
    super(message);
    this.name = 'SafeRegexError';
  }
}

export interface SafeRegex {
  readonly source: string;
  /** Capture groups in the pattern. */
  readonly groups: number;
  /** Whether the pattern matches anywhere in `input` (unanchored, like RegExp.test). */
  test(input: string): boolean;
  /** The first match, shaped like RegExp.exec (unmatched groups are undefined), or null. */
  exec(input: string): RegExpExecArray | null;
}

const cache = new Map<string, SafeRegex>();
const CACHE_MAX = 500;

const UNSUPPORTED = /\\[1-9]|\\k<|\(\?<?[=!]/;

function describe(pattern: string, err: unknown): string {
  const detail = (err instanceof Error ? err.message : String(err)).replace(/^error parsing regexp:\s*/, '');
  const hint = UNSUPPORTED.test(pattern)
    ? ' (backreferences and lookahead/lookbehind are not supported: patterns run on a linear-time engine, RE2)'
    : '';
  return `not a valid regular expression: ${detail}${hint}`;
}

/** Compiles `pattern` (cached); throws SafeRegexError with a one-line message when RE2 cannot run it. */
export function safeRegex(pattern: string): SafeRegex {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (err) {
    throw new SafeRegexError(pattern, describe(pattern, err));
  }
  const compiled: SafeRegex = {
    source: pattern,
    groups: re.groupCount(),
    test: (input) => re.test(input),
    exec: (input) => re.exec(input) as RegExpExecArray | null,
  };
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

/** null when `pattern` compiles on the linear-time engine, otherwise what is wrong. */
export function checkSafeRegex(pattern: string): string | null {
  try {
    safeRegex(pattern);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
