/** JUnit XML of graph test results (`switchyard test --junit FILE`), as CI systems read it. */
import type { TestResult } from '@/lib/runtime/graph-tests/run-test';

export interface SuiteResult {
  /** The test file. */
  file: string;
  results: TestResult[];
  /** Set when the file could not be run at all (bad YAML, missing graph). */
  error?: string;
}

export function xmlEscape(s: string): string {
  // Characters XML 1.0 does not allow are dropped; the five special ones escaped.
  return s
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function failureText(r: TestResult): string {
  const lines = r.assertions.filter((a) => !a.passed).map((a) => `assertion failed: ${a.name}: ${a.message ?? 'was false'}`);
  if (r.setup_error) lines.unshift(r.setup_error);
  else if (r.error) lines.push(`run ${r.status}: ${r.error.code}: ${r.error.message}`);
  return lines.join('\n');
}

export function junitXml(suites: readonly SuiteResult[]): string {
  const a = (s: string) => xmlEscape(s);
  const count = (s: SuiteResult) => (s.error ? 1 : s.results.length);
  const fails = (s: SuiteResult) => (s.error ? 1 : s.results.filter((r) => !r.passed).length);
  const total = suites.reduce((n, s) => n + count(s), 0);
  const failed = suites.reduce((n, s) => n + fails(s), 0);
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="switchyard" tests="${total}" failures="${failed}" errors="0">`];
  for (const s of suites) {
    out.push(`  <testsuite name="${a(s.file)}" tests="${count(s)}" failures="${fails(s)}" errors="0" skipped="0">`);
    if (s.error) {
      out.push(`    <testcase name="${a(s.file)}" classname="${a(s.file)}">`, `      <failure message="${a(s.error)}">${a(s.error)}</failure>`, '    </testcase>');
    }
    for (const r of s.results) {
      out.push(`    <testcase name="${a(r.name)}" classname="${a(s.file)}">`);
      if (!r.passed) {
        const text = failureText(r);
        out.push(`      <failure message="${a(text.split('\n')[0] ?? '')}">${a(text)}</failure>`);
      }
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}
