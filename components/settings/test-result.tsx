'use client';
/** What a connection test found: the models it listed, or why it failed and what to check. */
import { Badge } from '@/components/ui/badge';
import { IconAlert } from '@/components/ui/icons';
import type { TestConnectionResponse, TestFailureCode } from '@/lib/contracts/connections';
import s from './settings.module.css';

const FAILURE_LABEL: Record<TestFailureCode, string> = {
  unauthorized: 'Unauthorized',
  unreachable: 'Unreachable',
  timeout: 'Timed out',
  not_openai_compatible: 'Not an OpenAI-compatible server',
  server_error: 'Server error',
};

/** "Unreachable: could not…" under the title "Unreachable" reads "could not…" (the API message stands alone elsewhere). */
function withoutLabel(message: string, label: string): string {
  const rest = message.startsWith(`${label}: `) ? message.slice(label.length + 2) : message;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

export function TestResult({ result, error }: { result?: TestConnectionResponse; error?: Error | null }) {
  if (error) {
    return (
      <div className={s.testFail} role="alert" data-testid="test-error" data-code="request_failed">
        <IconAlert />
        <span>The test could not run: {error.message}</span>
      </div>
    );
  }
  if (!result) return null;
  if (!result.ok) {
    return (
      <div className={s.testFail} role="alert" data-testid="test-error" data-code={result.code}>
        <IconAlert />
        <div>
          <div className={s.testTitle}>
            {FAILURE_LABEL[result.code]} <span className={s.latency}>{result.latency_ms} ms</span>
          </div>
          <div className={s.testMessage} data-testid="test-error-message">
            {withoutLabel(result.message, FAILURE_LABEL[result.code])}
          </div>
        </div>
      </div>
    );
  }
  const more = result.model_count - result.models.length;
  return (
    <div className={s.testOk} role="status" data-testid="test-ok">
      <div className={s.testTitle}>
        <span className={s.okDot} aria-hidden />
        Connected — {result.model_count === 1 ? '1 model' : `${result.model_count} models`}
        <span className={s.latency}>{result.latency_ms} ms</span>
      </div>
      {result.models.length ? (
        <ul className={s.models} data-testid="test-models">
          {result.models.map((m) => (
            <li key={m}>
              <Badge className={s.model} data-testid="test-model">
                {m}
              </Badge>
            </li>
          ))}
          {more > 0 ? <li className={s.latency}>and {more} more</li> : null}
        </ul>
      ) : (
        <p className={s.hint}>The server listed no models.</p>
      )}
    </div>
  );
}
