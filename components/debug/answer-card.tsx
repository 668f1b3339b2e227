'use client';
/**
 * The run's answer, first thing in the run panel once a run finished: its output as text (never
 * HTML), the note on where it came from, and a copy button. The full answer scrolls inside the card;
 * the trace below keeps its room.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { eventData, type TraceEvent } from '@/lib/contracts/trace';
import { copyText } from './copy-json-button';
import { asText } from './trace-data';
import s from './debug.module.css';

/** The finished run's answer (run.finished), or null while there is none. */
export function runAnswer(events: readonly TraceEvent[]): { text: string; note?: string; rejected: boolean } | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const fin = eventData(events[i], 'run.finished');
    if (!fin) continue;
    return { text: asText(fin.output ?? ''), note: fin.answer_note, rejected: fin.status === 'rejected' };
  }
  return null;
}

export function AnswerCard({ events }: { events: readonly TraceEvent[] }) {
  const answer = runAnswer(events);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  // A longer answer than the card shows: say so, and let it open in full.
  const textRef = useRef<HTMLParagraphElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const text = answer?.text;
  useLayoutEffect(() => {
    const el = textRef.current;
    setOverflows(!!el && el.scrollHeight > el.clientHeight + 1);
    setExpanded(false);
  }, [text]);
  if (!answer || answer.rejected) return null;
  const copy = () =>
    copyText(answer.text)
      .then(() => setCopied('copied'))
      .catch(() => setCopied('failed'))
      .finally(() => setTimeout(() => setCopied('idle'), 1500));
  return (
    <section className={s.answer} data-testid="answer-card" aria-label="Answer">
      <header className={s.answerHead}>
        <h3>Answer</h3>
        {(overflows || expanded) && (
          <button type="button" className={s.linkButton} aria-expanded={expanded} onClick={() => setExpanded(!expanded)} data-testid="answer-more">
            {expanded ? 'Show less' : 'Show all'}
          </button>
        )}
        <button type="button" className={s.smallButton} onClick={() => void copy()} data-testid="answer-copy" aria-label="Copy the answer">
          {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}
        </button>
      </header>
      {answer.text ? (
        <p ref={textRef} className={s.answerText} data-expanded={expanded || undefined} data-testid="answer-text">
          {answer.text}
        </p>
      ) : (
        <p className={`${s.answerText} ${s.muted}`} data-testid="answer-text">
          (no answer)
        </p>
      )}
      {answer.note && (
        <p className={s.answerNote} data-testid="answer-note">
          {answer.note}
        </p>
      )}
    </section>
  );
}
