'use client';
/** The results of a test run: each test passed or failed, and each of its assertions with why it failed. */
import type { GraphTestRunResponse } from '@/lib/contracts/graph-tests';
import s from './tests.module.css';

export function TestResults({ run }: { run: GraphTestRunResponse }) {
  return (
    <div data-testid="test-results" aria-live="polite">
      <p className={s.summary} data-testid="test-summary">
        {run.passed} passed, {run.failed} failed
      </p>
      <ul className={s.tests}>
        {run.results.map((r) => (
          <li key={r.name} className={r.passed ? s.pass : s.fail} data-testid="test-result" data-passed={r.passed}>
            <div className={s.testName}>
              <span aria-hidden>{r.passed ? '✓' : '✗'}</span> {r.name}
              <span className={s.meta}>
                {r.status} · {r.usage.total_tokens} tokens · {r.usage.model_calls} model calls
              </span>
            </div>
            {r.setup_error && <div className={s.message}>{r.setup_error}</div>}
            {!r.passed && r.error && !r.setup_error && (
              <div className={s.message}>
                run {r.status}: {r.error.code}: {r.error.message}
              </div>
            )}
            <ul className={s.assertions}>
              {r.assertions.map((a, i) => (
                <li key={i} data-testid="assertion-result" data-passed={a.passed}>
                  <span aria-label={a.passed ? 'passed' : 'failed'}>{a.passed ? '✓' : '✗'}</span> <code>{a.name}</code>
                  {!a.passed && a.message && <span className={s.message}> — {a.message}</span>}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
