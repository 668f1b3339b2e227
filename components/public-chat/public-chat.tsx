'use client';
/**
 * The public chat page's conversation (app/c/[token]): the graph's title, a welcome message and
 * suggested prompts, then the visitor's turns. Talks to /api/public/<token> only, which answers
 * with text (never traces, prompts or tool calls); a 429 shows a polite "slow down", a 503 that
 * the chat is unavailable. Answers are rendered as safe markdown (no raw HTML).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PublicChatResponse, PublicErrorResponse, PublicReplyResponse, PublicTurn } from '@/lib/contracts/publishing';
import { SafeMarkdown } from './safe-markdown';
import styles from './public-chat.module.css';

interface Props {
  token: string;
  title: string;
  welcome: string | null;
  suggestions: string[];
  embed: boolean;
}

type Notice = { kind: 'slow_down' | 'unavailable' | 'error'; text: string } | null;

export function PublicChat({ token, title, welcome, suggestions, embed }: Props) {
  const api = `/api/public/${encodeURIComponent(token)}`;
  const [turns, setTurns] = useState<PublicTurn[]>([]);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    void fetch(api, { credentials: 'same-origin' })
      .then(async (res) => (res.ok ? ((await res.json()) as PublicChatResponse) : null))
      .then((body) => {
        if (live && body) setTurns(body.turns);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api]);

  useEffect(() => {
    // Braces: scrollIntoView returns a promise in newer browsers, and an effect may only return a cleanup.
    void end.current?.scrollIntoView({ block: 'end' });
  }, [turns, pending]);

  async function send(text: string) {
    const message = text.trim();
    if (!message || pending) return;
    setNotice(null);
    setPending(true);
    setTurns((t) => [...t, { role: 'user', content: message }]);
    setDraft('');
    try {
      const res = await fetch(api, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) });
      const body = (await res.json().catch(() => null)) as PublicReplyResponse | PublicErrorResponse | null;
      if (res.ok && body && 'reply' in body) {
        setTurns((t) => [...t, { role: 'assistant', content: body.reply }]);
        return;
      }
      // The message did not get an answer: take it back into the box to send again.
      setTurns((t) => t.slice(0, -1));
      setDraft(message);
      const text = body && 'error' in body ? body.error.message : 'Sorry, something went wrong. Please try again.';
      setNotice({ kind: res.status === 429 ? 'slow_down' : res.status === 503 ? 'unavailable' : 'error', text });
    } catch {
      setTurns((t) => t.slice(0, -1));
      setDraft(message);
      setNotice({ kind: 'error', text: 'The chat could not be reached. Check your connection and try again.' });
    } finally {
      setPending(false);
    }
  }

  async function restart() {
    await fetch(api, { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined);
    setTurns([]);
    setNotice(null);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void send(draft);
  }

  return (
    <div className={`${styles.page} ${embed ? styles.embed : ''}`} data-testid="public-chat">
      <header className={styles.header}>
        <h1 className={styles.title} data-testid="public-chat-title">
          {title}
        </h1>
        {turns.length > 0 && (
          <button type="button" className={styles.restart} onClick={() => void restart()} data-testid="public-chat-restart">
            New conversation
          </button>
        )}
      </header>
      <main className={styles.log} aria-live="polite" data-testid="public-chat-log">
        {welcome && (
          <div className={`${styles.bubble} ${styles.assistant}`} data-testid="public-chat-welcome">
            <SafeMarkdown text={welcome} />
          </div>
        )}
        {turns.length === 0 && suggestions.length > 0 && (
          <div className={styles.suggestions}>
            {suggestions.map((s) => (
              <button key={s} type="button" className={styles.suggestion} onClick={() => void send(s)} disabled={pending} data-testid="public-chat-suggestion">
                {s}
              </button>
            ))}
          </div>
        )}
        {turns.map((t, i) => (
          <div key={i} className={`${styles.bubble} ${t.role === 'user' ? styles.user : styles.assistant}`} data-testid={`public-chat-${t.role}`}>
            {t.role === 'user' ? t.content : <SafeMarkdown text={t.content} />}
          </div>
        ))}
        {pending && (
          <div className={`${styles.bubble} ${styles.assistant} ${styles.typing}`} data-testid="public-chat-typing" aria-label="The assistant is writing">
            <span />
            <span />
            <span />
          </div>
        )}
        <div ref={end} />
      </main>
      {notice && (
        <p className={`${styles.notice} ${notice.kind === 'error' ? styles.noticeError : ''}`} role="status" data-testid={`public-chat-${notice.kind.replace('_', '-')}`}>
          {notice.text}
        </p>
      )}
      <form className={styles.composer} onSubmit={submit}>
        <textarea
          className={styles.input}
          value={draft}
          placeholder="Write a message…"
          rows={1}
          maxLength={4000}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send(draft);
            }
          }}
          aria-label="Message"
          data-testid="public-chat-input"
        />
        <button type="submit" className={styles.send} disabled={pending || !draft.trim()} data-testid="public-chat-send">
          Send
        </button>
      </form>
    </div>
  );
}
