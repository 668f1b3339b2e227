'use client';

import { useMemo, useState } from 'react';
import type { Interrupt, ResumeValue } from '@/lib/contracts/trace';
import type { GraphDocument } from '@/lib/graph/schema';
import { stateProblems } from '@/lib/graph/state-check';
import { changedChannels, parseForkState } from './fork-state';
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
 * A paused run, the decision buttons first: at a `human` node, Approve / Reject (with a reason,
 * which ends the run `rejected` unless the graph routes it) / Edit-then-continue, then the data
 * to review; at a breakpoint, Continue / Step, then the state folded, editable as JSON and checked
 * against the graph's state channels (`channels`, lib/graph/state-check.ts) — the channels that
 * differ are sent with Continue / Step as the resume value's `state`; at a tool call (kind
 * 'tool'), the agent's question and an answer box.
 */
export function PauseCard({
  interrupt,
  state,
  channels = {},
  busy,
  error,
  onResume,
}: {
  interrupt: Interrupt;
  state: unknown;
  /** The graph's declared state channels (the implicit `input` and `messages` are added). */
  channels?: StateDeclaration;
  busy: boolean;
  error: string | null;
  onResume(value: ResumeValue): void;
}) {
  if (interrupt.kind === 'tool') return <ToolQuestionCard interrupt={interrupt} busy={busy} error={error} onResume={onResume} />;
  return <ReviewCard interrupt={interrupt} state={state} channels={channels} busy={busy} error={error} onResume={onResume} />;
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

/** The state editor's text checked: the channels that differ from the paused state, or what is wrong. */
export function checkStateText(text: string, before: Record<string, unknown>, channels: StateDeclaration): { patch: Record<string, unknown>; problems: string[] } {
  const parsed = parseForkState(text);
  if (!parsed.ok) return { patch: {}, problems: [parsed.error] };
  const patch = changedChannels(before, parsed.state);
  return { patch, problems: stateProblems({ state: channels }, patch).map((p) => `${p.path}: ${p.message}`) };
}

type StateDeclaration = NonNullable<GraphDocument['state']>;

function ReviewCard({
  interrupt,
  state,
  channels,
  busy,
  error,
  onResume,
}: {
  interrupt: Interrupt;
  state: unknown;
  channels: StateDeclaration;
  busy: boolean;
  error: string | null;
  onResume(value: ResumeValue): void;
}) {
  const [mode, setMode] = useState<'idle' | 'reject' | 'edit'>('idle');
  const [reason, setReason] = useState('');
  const [edited, setEdited] = useState(() => asText(interrupt.value ?? ''));
  const human = interrupt.kind === 'human';
  // At a breakpoint the interrupt's value is the whole state: it can be edited before going on.
  const before = useMemo(() => (!human && isRecord(interrupt.value) ? interrupt.value : isRecord(state) && !human ? state : null), [human, interrupt.value, state]);
  const [stateText, setStateText] = useState(() => (before ? JSON.stringify(before, null, 2) : ''));
  const check = useMemo(() => (before ? checkStateText(stateText, before, channels) : { patch: {}, problems: [] }), [before, stateText, channels]);
  const editedKeys = Object.keys(check.patch);
  const invalid = check.problems.length > 0;
  const withState = editedKeys.length && !invalid ? { state: check.patch } : {};
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
                {mode === 'reject' ? 'Reject and end the run' : 'Save and continue'}
              </button>
              <button type="button" disabled={busy} onClick={() => setMode('idle')}>
                Back
              </button>
            </>
          )
        ) : (
          <>
            <button
              type="button"
              className={s.primary}
              disabled={busy || invalid}
              title={invalid ? 'Fix the edited state first' : undefined}
              onClick={() => onResume({ action: 'continue', ...withState })}
              data-testid="continue"
            >
              Continue
            </button>
            <button type="button" disabled={busy || invalid} onClick={() => onResume({ action: 'step', ...withState })} data-testid="step">
              Step
            </button>
          </>
        )}
      </div>
      {mode === 'reject' && (
        <label className={s.field}>
          Reason (recorded in the trace; the run ends as rejected unless the graph routes the rejection)
          <input value={reason} onChange={(e) => setReason(e.target.value)} data-testid="reject-reason" autoFocus />
        </label>
      )}
      {mode === 'edit' && (
        <label className={s.field}>
          Edit the value, then continue (JSON or text)
          <textarea rows={6} value={edited} onChange={(e) => setEdited(e.target.value)} data-testid="edit-value" autoFocus />
        </label>
      )}
      {human && interrupt.value !== undefined && mode !== 'edit' && <pre className={s.pre} data-testid="pause-value">{asText(interrupt.value)}</pre>}
      {before && (
        <details data-testid="pause-state-details">
          <summary>
            State{editedKeys.length ? ` — edited: ${editedKeys.join(', ')}${invalid ? '' : ' (sent with Continue / Step)'}` : ' (edit it as JSON before going on)'}
          </summary>
          <textarea
            className={s.stateEditor}
            rows={Math.min(16, stateText.split('\n').length + 1)}
            value={stateText}
            onChange={(e) => setStateText(e.target.value)}
            spellCheck={false}
            aria-label="State (JSON)"
            aria-invalid={invalid}
            data-testid="pause-state"
          />
          {invalid && (
            <ul className={s.errorText} role="alert" data-testid="pause-state-error">
              {check.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
          {editedKeys.length > 0 && (
            <button type="button" className={s.linkButton} onClick={() => setStateText(JSON.stringify(before, null, 2))} data-testid="pause-state-reset">
              Undo the edits
            </button>
          )}
        </details>
      )}
      {error && (
        <p className={s.errorText} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
