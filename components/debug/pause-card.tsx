'use client';

import { useState } from 'react';
import type { Interrupt, ResumeValue } from '@/lib/contracts/trace';
import { asText } from './trace-data';
import { CopyJsonButton } from './copy-json-button';
import s from './debug.module.css';

/** Parse an edited value: JSON when it parses, else the text itself. */
export function editedValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A paused run: at a `human` node, its prompt and the data to review with Approve / Reject (with
 * a reason) / Edit-then-continue; at a breakpoint, the state with Continue / Step; at a tool call
 * (kind 'tool'), the agent's question and an answer box.
 */
export function PauseCard({
  interrupt,
  state,
  busy,
  error,
  onResume,
}: {
  interrupt: Interrupt;
  state: unknown;
  busy: boolean;
  error: string | null;
  onResume(value: ResumeValue): void;
}) {
  if (interrupt.kind === 'tool') return <ToolQuestionCard interrupt={interrupt} busy={busy} error={error} onResume={onResume} />;
  return <ReviewCard interrupt={interrupt} state={state} busy={busy} error={error} onResume={onResume} />;
}

/**
 * A paused tool call (interrupt kind 'tool'): an agent's question to a person (`human` tool) with an
 * answer box, or the API caller's client tools with one output box per call.
 */
function ToolQuestionCard({ interrupt, busy, error, onResume }: { interrupt: Interrupt; busy: boolean; error: string | null; onResume(value: ResumeValue): void }) {
  const calls = interrupt.tool_calls ?? [];
  const [answers, setAnswers] = useState<string[]>(() => calls.map(() => ''));
  const human = interrupt.answered_by !== 'client';
  const submit = () =>
    onResume(human && calls.length <= 1 ? { action: 'answer', value: answers[0] ?? '', ...(calls[0] ? { tool_outputs: [{ tool_call_id: calls[0].id, output: answers[0] ?? '' }] } : {}) } : { action: 'answer', tool_outputs: calls.map((c, i) => ({ tool_call_id: c.id, output: answers[i] ?? '' })) });
  return (
    <section className={s.pause} data-testid="pause-card" data-kind="tool" aria-live="polite">
      <header className={s.sectionHead}>
        <h3>{human ? `“${interrupt.node}” asks you` : `“${interrupt.node}” waits for the caller's tools`}</h3>
        <CopyJsonButton value={interrupt} />
      </header>
      {human && interrupt.prompt && (
        <p className={s.prompt} data-testid="pause-prompt">
          {interrupt.prompt}
        </p>
      )}
      {calls.map((c, i) => (
        <label className={s.field} key={c.id}>
          {human ? 'Your answer' : `${c.name}(${c.arguments})`}
          <textarea
            rows={3}
            value={answers[i] ?? ''}
            onChange={(e) => setAnswers((a) => a.map((v, j) => (j === i ? e.target.value : v)))}
            data-testid="tool-answer"
            autoFocus={i === 0}
          />
        </label>
      ))}
      <div className={s.actions}>
        <button type="button" className={s.primary} disabled={busy} onClick={submit} data-testid="answer">
          Answer
        </button>
      </div>
      {error && (
        <p className={s.errorText} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function ReviewCard({
  interrupt,
  state,
  busy,
  error,
  onResume,
}: {
  interrupt: Interrupt;
  state: unknown;
  busy: boolean;
  error: string | null;
  onResume(value: ResumeValue): void;
}) {
  const [mode, setMode] = useState<'idle' | 'reject' | 'edit'>('idle');
  const [reason, setReason] = useState('');
  const [edited, setEdited] = useState(() => asText(interrupt.value ?? ''));
  const human = interrupt.kind === 'human';
  return (
    <section className={s.pause} data-testid="pause-card" data-kind={interrupt.kind} aria-live="polite">
      <header className={s.sectionHead}>
        <h3>{human ? `Waiting for you at “${interrupt.node}”` : `Paused at breakpoint before “${interrupt.node}”`}</h3>
        <CopyJsonButton value={interrupt} />
      </header>
      {interrupt.prompt && (
        <p className={s.prompt} data-testid="pause-prompt">
          {interrupt.prompt}
        </p>
      )}
      {human && interrupt.value !== undefined && mode !== 'edit' && <pre className={s.pre} data-testid="pause-value">{asText(interrupt.value)}</pre>}
      {!human && (
        <details open>
          <summary>State</summary>
          <pre className={s.pre} data-testid="pause-state">{asText(interrupt.value ?? state ?? {})}</pre>
        </details>
      )}
      {mode === 'reject' && (
        <label className={s.field}>
          Reason (sent back with the rejection)
          <input value={reason} onChange={(e) => setReason(e.target.value)} data-testid="reject-reason" autoFocus />
        </label>
      )}
      {mode === 'edit' && (
        <label className={s.field}>
          Edit the value, then continue (JSON or text)
          <textarea rows={6} value={edited} onChange={(e) => setEdited(e.target.value)} data-testid="edit-value" autoFocus />
        </label>
      )}
      <div className={s.actions}>
        {human ? (
          mode === 'idle' ? (
            <>
              <button type="button" className={s.primary} disabled={busy} onClick={() => onResume({ action: 'approve' })} data-testid="approve">
                Approve
              </button>
              <button type="button" className={s.danger} disabled={busy} onClick={() => setMode('reject')} data-testid="reject">
                Reject…
              </button>
              <button type="button" disabled={busy} onClick={() => setMode('edit')} data-testid="edit">
                Edit then continue…
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className={mode === 'reject' ? s.danger : s.primary}
                disabled={busy}
                data-testid={mode === 'reject' ? 'confirm-reject' : 'confirm-edit'}
                onClick={() => onResume(mode === 'reject' ? { action: 'reject', reason: reason || undefined } : { action: 'edit', value: editedValue(edited) })}
              >
                {mode === 'reject' ? 'Reject' : 'Save and continue'}
              </button>
              <button type="button" disabled={busy} onClick={() => setMode('idle')}>
                Back
              </button>
            </>
          )
        ) : (
          <>
            <button type="button" className={s.primary} disabled={busy} onClick={() => onResume({ action: 'continue' })} data-testid="continue">
              Continue
            </button>
            <button type="button" disabled={busy} onClick={() => onResume({ action: 'step' })} data-testid="step">
              Step
            </button>
          </>
        )}
      </div>
      {error && (
        <p className={s.errorText} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
