'use client';
/** What a connection test found: the models it listed, or why it failed and what to check. */
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IconAlert } from '@/components/ui/icons';
import type { SupportsView, TestConnectionResponse, TestFailureCode } from '@/lib/contracts/connections';
import s from './settings.module.css';

const FAILURE_LABEL: Record<TestFailureCode, string> = {
  unauthorized: 'Unauthorized',
  unreachable: 'Unreachable',
  timeout: 'Timed out',
  not_openai_compatible: 'Not an OpenAI-compatible server',
  server_error: 'Server error',
  blocked: 'Blocked',
};

/** "Unreachable: could not…" under the title "Unreachable" reads "could not…" (the API message stands alone elsewhere). */
function withoutLabel(message: string, label: string): string {
  const rest = message.startsWith(`${label}: `) ? message.slice(label.length + 2) : message;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

const SUPPORT_LABEL: Record<keyof SupportsView, string> = { tools: 'tools', stop: 'stop', stream_usage: 'stream usage' };

export interface SaveSupports {
  /** What the connection has saved now. */
  saved: SupportsView;
  save(s: SupportsView): void;
  busy: boolean;
}

/** What the probe found the server accepts; the offer to save it when it differs from what is saved. */
function DetectedSupports({ result, offer }: { result: Extract<TestConnectionResponse, { ok: true }>; offer?: SaveSupports }) {
  const found = result.supports;
  if (!found) return null;
  const keys = Object.keys(SUPPORT_LABEL) as (keyof SupportsView)[];
  const differs = offer && keys.some((k) => offer.saved[k] !== found[k]);
  return (
    <div className={s.supportList} data-testid="test-supports">
      <span>Asked {result.probe_model}: accepts</span>
      {keys.map((k) => (
        <Badge key={k} tone={found[k] ? 'accent' : 'warning'} title={result.refused?.[k]} data-testid={`test-supports-${k}`} data-supported={found[k]}>
          {found[k] ? '' : 'no '}
          {SUPPORT_LABEL[k]}
        </Badge>
      ))}
      {differs ? (
        <Button size="sm" busy={offer.busy} onClick={() => offer.save(found)} data-testid="test-save-supports">
          Save these
        </Button>
      ) : null}
    </div>
  );
}

export function TestResult({ result, error, offer }: { result?: TestConnectionResponse; error?: Error | null; offer?: SaveSupports }) {
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
      <DetectedSupports result={result} offer={offer} />
    </div>
  );
}
