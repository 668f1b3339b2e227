'use client';
/**
 * An assistant turn in the Chat tab: the answer streaming in (markdown, rendered safely), the
 * speaking agent in a multi-agent graph, tool calls and their sources folded inside the bubble,
 * the memory the turn used in its details, a human step's Approve / Reject / Answer in the bubble
 * (the run resume API), a link to the turn's trace, and Retry.
 */
import { useState } from 'react';
import { jsonBody, request } from '@/lib/contracts/client';
import type { RunView } from '@/lib/contracts/runs';
import type { ResumeValue } from '@/lib/contracts/trace';
import { useTurnEvents } from './chat-api';
import { ChatMarkdown } from './chat-markdown';
import { foldTurn, outputAsText, type Turn, type TurnMemory, type TurnPause } from './turn-fold';
import s from './chat.module.css';

const ENDED = new Set(['succeeded', 'failed', 'cancelled', 'interrupted', 'rejected']);

export interface AssistantBubbleProps {
  run: RunView;
  multiAgent: boolean;
  onOpenTrace(runId: string): void;
  onRetry?(): void;
  /** The turn ended while followed (refresh the conversation). */
  onEnded(): void;
}

export function AssistantBubble({ run, multiAgent, onOpenTrace, onRetry, onEnded }: AssistantBubbleProps) {
  const ended = ENDED.has(run.status);
  const events = useTurnEvents(run.id, ended, onEnded);
  const turn = foldTurn(events);
  const text = turn.text || (ended && run.status === 'succeeded' ? outputAsText(run.output) : '');
  const speaker = multiAgent ? turn.speakers.at(-1) : undefined;
  const error = turn.error ?? (run.status === 'failed' ? (run.error?.message ?? 'The turn failed.') : null);
  const working = !ended && turn.state !== 'paused' && !text;
  return (
    <div className={s.assistantRow} data-testid="chat-assistant" data-run-id={run.id} data-state={turn.state}>
      <div className={s.assistant}>
        {speaker && (
          <div className={s.speaker} data-testid="chat-speaker">
            {speaker}
          </div>
        )}
        {turn.tools.length > 0 && <Tools turn={turn} />}
        {text ? <ChatMarkdown text={text} /> : working ? <Typing /> : null}
        {error && (
          <p className={s.error} role="alert" data-testid="chat-turn-error">
            {error}
          </p>
        )}
        {turn.pause && <Pause key={`${run.id}:${turn.pause.node}`} runId={run.id} pause={turn.pause} />}
        <div className={s.meta}>
          <button type="button" className={s.link} onClick={() => onOpenTrace(run.id)} data-testid="chat-open-trace" title={`Open the trace of run ${run.id}`}>
            Trace
          </button>
          {turn.memory.length > 0 && <MemoryFold memory={turn.memory} />}
          {ended && onRetry && (
            <button type="button" className={s.link} onClick={onRetry} data-testid="chat-retry" title="Send this message again: the conversation continues from here">
              Retry
            </button>
          )}
          {run.usage && <span className={s.muted}>{run.usage.total_tokens.toLocaleString()} tokens</span>}
        </div>
      </div>
    </div>
  );
}

function Typing() {
  return (
    <span className={s.typing} aria-label="The graph is answering" data-testid="chat-typing">
      <i />
      <i />
      <i />
    </span>
  );
}

function Tools({ turn }: { turn: Turn }) {
  const sources = turn.tools.flatMap((t) => t.sources);
  return (
    <details className={s.fold} data-testid="chat-tools">
      <summary>
        {turn.tools.length} tool call{turn.tools.length === 1 ? '' : 's'}
        {sources.length ? ` · ${sources.length} source${sources.length === 1 ? '' : 's'}` : ''}
      </summary>
      <ul className={s.foldList}>
        {turn.tools.map((t) => (
          <li key={t.id}>
            <code>{t.tool}</code>
            {t.node ? <span className={s.muted}> in {t.node}</span> : null}
            <pre className={s.pre}>{typeof t.args === 'string' ? t.args : JSON.stringify(t.args, null, 2)}</pre>
            {t.error ? <pre className={`${s.pre} ${s.errorText}`}>{t.error}</pre> : t.output !== undefined ? <pre className={s.pre}>{t.output}</pre> : <span className={s.muted}>running…</span>}
            {t.sources.length > 0 && (
              <ul className={s.sources}>
                {t.sources.map((u) => (
                  <li key={u}>
                    <a href={u} target="_blank" rel="noopener noreferrer">
                      {u}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

function MemoryFold({ memory }: { memory: TurnMemory[] }) {
  return (
    <details className={s.memory} data-testid="chat-memory">
      <summary>Memory</summary>
      {memory.map((m, i) => (
        <div key={i} className={s.memoryNode}>
          <p>
            {m.node ? <strong>{m.node}: </strong> : null}
            {m.keptTurns} of {m.turns} earlier turn{m.turns === 1 ? '' : 's'} in the prompt (window){m.stored ? '' : ' · not kept'}
          </p>
          {m.summary && (
            <p data-testid="chat-memory-summary">
              Summary of the first {m.summarizedTurns ?? '?'} turns: {m.summary}
            </p>
          )}
          {m.entities.length > 0 && (
            <ul className={s.foldList} data-testid="chat-memory-entities">
              {m.entities.map((e) => (
                <li key={e.name}>
                  <strong>{e.name}</strong> <span className={s.muted}>({e.kind})</span> {e.summary}
                </li>
              ))}
            </ul>
          )}
          {m.writes.map((w, j) => (
            <p key={j} className={w.error ? s.errorText : s.muted}>
              Wrote {w.kind} (turns {w.from + 1}–{w.to}){w.error ? `: ${w.error}` : ''}
            </p>
          ))}
        </div>
      ))}
    </details>
  );
}

function Pause({ runId, pause }: { runId: string; pause: TurnPause }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState('');
  const [reason, setReason] = useState('');
  const resume = async (value: ResumeValue) => {
    setBusy(true);
    setError(null);
    try {
      await request(`/api/runs/${encodeURIComponent(runId)}/resume`, jsonBody('POST', { value }));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <div className={s.pause} data-testid="chat-pause">
      <p className={s.pausePrompt}>
        <strong>{pause.node}</strong> waits for you{pause.prompt ? `: ${pause.prompt}` : '.'}
      </p>
      {pause.kind === 'human' && pause.humanKind === 'input' ? (
        <form
          className={s.pauseActions}
          onSubmit={(e) => {
            e.preventDefault();
            void resume({ action: 'answer', value: answer });
          }}
        >
          <input value={answer} onChange={(e) => setAnswer(e.target.value)} placeholder="Your answer" aria-label="Your answer" data-testid="chat-pause-answer" />
          <button type="submit" className={s.primary} disabled={busy || !answer.trim()} data-testid="chat-pause-send">
            Answer
          </button>
        </form>
      ) : pause.kind === 'human' ? (
        <div className={s.pauseActions}>
          <button type="button" className={s.primary} disabled={busy} onClick={() => void resume({ action: 'approve' })} data-testid="chat-approve">
            Approve
          </button>
          <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Reason (optional)" aria-label="Reason to reject" />
          <button type="button" disabled={busy} onClick={() => void resume(reason.trim() ? { action: 'reject', reason } : { action: 'reject' })} data-testid="chat-reject">
            Reject
          </button>
        </div>
      ) : (
        <div className={s.pauseActions}>
          <button type="button" className={s.primary} disabled={busy} onClick={() => void resume({ action: 'continue' })} data-testid="chat-continue">
            Continue
          </button>
          <span className={s.muted}>Paused at a {pause.kind === 'tool' ? 'client tool call' : 'breakpoint'}: see the trace.</span>
        </div>
      )}
      {error && <p className={s.errorText}>{error}</p>}
    </div>
  );
}
