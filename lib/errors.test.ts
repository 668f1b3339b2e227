/**
 * Every error code the app throws has its HTTP status: the type check refuses an unknown code
 * (ErrorCode is closed and the table is a Record<ErrorCode, number>), and this test reads the source
 * for the codes thrown as literals, so a code that slipped past the types (a cast, a plain JS file)
 * still fails here instead of silently answering some default status.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, isErrorCode, isServerError, statusOf, type ErrorCode } from './errors';

const ROOTS = ['app', 'lib', 'db', 'cli', 'components', 'bench', 'scripts', 'e2e'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** `new AppError('code'`, `new OpenAIApiError('code'` (its `kind`), across line breaks. */
const THROWN = /new\s+(?:AppError|OpenAIApiError)\(\s*(['"`])([^'"`]*)\1/g;

function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name.startsWith('.') ? [] : sourceFiles(path);
    return SOURCE.test(e.name) && !/\.(test|spec)\.[a-z]+$/.test(e.name) ? [path] : [];
  });
}

/** The codes thrown as literals in `text`. */
function thrownCodes(text: string): string[] {
  return [...text.matchAll(THROWN)].map((m) => m[2]);
}

describe('error codes', () => {
  const thrown = new Map<string, string>();
  for (const file of ROOTS.flatMap(sourceFiles)) {
    for (const code of thrownCodes(readFileSync(file, 'utf8'))) if (!thrown.has(code)) thrown.set(code, file);
  }

  it('the scan reads real throws (it finds the common codes, in their files)', () => {
    expect(thrown.get('not_found')).toBeDefined();
    expect(thrown.get('http_error')).toMatch(/^lib\/tools\//);
    expect(thrown.get('invalid_tool_choice')).toMatch(/^lib\/runtime\/openai\//);
    expect(thrown.size).toBeGreaterThan(30);
  });

  it('the scan catches a code split over lines and one that is not in the table', () => {
    const sample = "throw new AppError(\n  'no_such_code',\n  'x');\nthrow new OpenAIApiError(`other_code`, 'y');";
    expect(thrownCodes(sample)).toEqual(['no_such_code', 'other_code']);
    expect(thrownCodes(sample).filter((c) => !isErrorCode(c))).toEqual(['no_such_code', 'other_code']);
  });

  it('every code thrown anywhere in the source has a status in lib/errors.ts', () => {
    const missing = [...thrown].filter(([code]) => !isErrorCode(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing, 'add these codes to ErrorCode and STATUS_OF_CODE in lib/errors.ts').toEqual([]);
  });

  it('every status is an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      const status = statusOf(code);
      expect(Number.isInteger(status) && status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
    }
  });

  it('the type check refuses a code without a status', () => {
    // @ts-expect-error -- not an ErrorCode: `tsc --noEmit` fails if ErrorCode ever admits any string
    const err = new AppError('no_such_code', 'x');
    // at run time (a cast, plain JS) it is our bug: a 500, never the caller's 400
    expect(statusOf(err.code)).toBe(500);
    expect(isServerError('no_such_code' as ErrorCode)).toBe(true);
  });

  it('the codes the table gained have the status that fits them', () => {
    expect(statusOf('invalid_tool_choice')).toBe(400);
    expect(statusOf('tools_not_supported')).toBe(400);
    expect(statusOf('event_budget')).toBe(422);
    expect(statusOf('no_scripted_reply')).toBe(422);
    expect(statusOf('mcp_error')).toBe(502);
  });
});
