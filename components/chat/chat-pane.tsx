'use client';
/**
 * The Chat tab of the run panel (issue 22, part 1): the graph's conversations (new, rename,
 * delete, continue), the open one as bubbles (components/chat/assistant-bubble.tsx), and a
 * composer. A message is a turn: a run of the graph with the conversation's id (`source: chat`),
 * whose earlier turns are its history. Edit-and-resend and Retry cut the conversation at that turn
 * (POST /api/conversations/:id/turns `replaces_run_id`): the later turns leave it, their runs stay
 * in the History tab.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConversationView } from '@/lib/contracts/conversations';
import type { RunView } from '@/lib/contracts/runs';
import { DemoOffer, type DemoChoice } from '@/components/debug/demo-offer';
import { runNeedsDemoChoice } from '@/components/debug/demo-gate';
import { chatKeys, useConversation, useConversationMutations, useConversations } from './chat-api';
import { AssistantBubble } from './assistant-bubble';
import s from './chat.module.css';

export interface ChatPaneProps {
  graphId: string;
  /** More than one agent: bubbles name the speaking agent. */
  multiAgent: boolean;
  demo: DemoChoice;
  /** Shows a turn's run in the Trace tab. */
  onOpenTrace(runId: string): void;
}

const untitled = 'New conversation';
const errorText = (e: unknown) => (e instanceof Error ? e.message : e ? String(e) : null);

export function ChatPane({ graphId, multiAgent, demo, onOpenTrace }: ChatPaneProps) {
  const list = useConversations(graphId);
  const m = useConversationMutations(graphId);
  const [openId, setOpenId] = useState<string | null>(null);
  const conversations = list.data ?? [];
  // The newest conversation is open until one is picked (or a new one started).
  const current = openId === 'new' ? null : (openId ?? conversations[0]?.id ?? null);
  const detail = useConversation(current);
  const qc = useQueryClient();
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<RunView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const turns = current ? (detail.data?.turns ?? []) : [];

  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [turns.length, current]);

  const sendText = async (input: string, replaces?: RunView) => {
    if (!input.trim() || m.turn.isPending) return;
    if (runNeedsDemoChoice(demo)) return demo.ask();
    setError(null);
    try {
      let id = current;
      if (!id) {
        const c = await m.create.mutateAsync();
        id = c.id;
        setOpenId(c.id);
      }
      await m.turn.mutateAsync({ id, body: { input, ...(replaces ? { replaces_run_id: replaces.id } : {}), ...(demo.chosen ? { connection_override: 'demo' as const } : {}) } });
      setDraft('');
      setEditing(null);
    } catch (err) {
      setError(errorText(err));
    }
  };

  const refresh = () => {
    if (current) void qc.invalidateQueries({ queryKey: chatKeys.one(current) });
    void qc.invalidateQueries({ queryKey: chatKeys.list(graphId) });
  };

  return (
    <div className={s.chat} data-testid="chat-pane">
      <aside className={s.list} aria-label="Conversations">
        <button type="button" className={s.newButton} onClick={() => { setOpenId('new'); setEditing(null); setDraft(''); }} data-testid="chat-new">
          + New conversation
        </button>
        <ul>
          {conversations.map((c) => (
            <ConversationItem key={c.id} c={c} open={c.id === current} onOpen={() => { setOpenId(c.id); setEditing(null); }} m={m} onDeleted={() => c.id === current && setOpenId(null)} />
          ))}
        </ul>
        {list.isSuccess && conversations.length === 0 && <p className={s.muted}>No conversations yet.</p>}
      </aside>
      <div className={s.thread}>
        <div className={s.messages} ref={scroller} data-testid="chat-messages" aria-live="polite">
          {turns.length === 0 && (
            <p className={s.empty}>
              Talk to the graph: each message is a run with this conversation’s earlier turns as its history. Its trace is one click away.
            </p>
          )}
          {turns.map((t) => (
            <div key={t.id} className={s.turn}>
              <div className={s.userRow}>
                <div className={s.user} data-testid="chat-user">
                  <div className={s.userText}>{t.input}</div>
                  <button type="button" className={s.edit} onClick={() => { setEditing(t); setDraft(t.input); }} title="Edit and send again: the conversation continues from here" data-testid="chat-edit">
                    Edit
                  </button>
                </div>
              </div>
              <AssistantBubble run={t} multiAgent={multiAgent} onOpenTrace={onOpenTrace} onEnded={refresh} onRetry={() => void sendText(t.input, t)} />
            </div>
          ))}
        </div>
        {demo.offered && <div className={s.demo}><DemoOffer demo={demo} onText={setDraft} folded={turns.length > 0} /></div>}
        <form
          className={s.composer}
          onSubmit={(e) => {
            e.preventDefault();
            void sendText(draft, editing ?? undefined);
          }}
        >
          {editing && (
            <p className={s.editing} data-testid="chat-editing">
              Editing a message: sending cuts the conversation there (the later turns stay in the History tab).{' '}
              <button type="button" className={s.link} onClick={() => { setEditing(null); setDraft(''); }}>
                Cancel
              </button>
            </p>
          )}
          <div className={s.composeRow}>
            <textarea
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void sendText(draft, editing ?? undefined);
                }
              }}
              rows={2}
              placeholder="Message the graph (Enter sends, Shift+Enter a new line)"
              aria-label="Message"
              data-testid="chat-input"
            />
            <button type="submit" className={s.primary} disabled={!draft.trim() || m.turn.isPending || m.create.isPending} data-testid="chat-send">
              Send
            </button>
          </div>
          {(error || list.error) && (
            <p className={s.errorText} role="alert" data-testid="chat-error">
              {error ?? errorText(list.error)}
            </p>
          )}
        </form>
      </div>
    </div>
  );
}

function ConversationItem({ c, open, onOpen, m, onDeleted }: { c: ConversationView; open: boolean; onOpen(): void; m: ReturnType<typeof useConversationMutations>; onDeleted(): void }) {
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(c.title ?? '');
  const [confirm, setConfirm] = useState(false);
  if (renaming) {
    return (
      <li className={s.item} data-open={open}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            m.rename.mutate({ id: c.id, title: title.trim() || null });
            setRenaming(false);
          }}
        >
          <input autoFocus value={title} onChange={(e) => setTitle(e.target.value)} onBlur={() => setRenaming(false)} onKeyDown={(e) => e.key === 'Escape' && setRenaming(false)} aria-label="Conversation title" maxLength={200} data-testid="chat-rename-input" />
        </form>
      </li>
    );
  }
  return (
    <li className={s.item} data-open={open} data-testid="chat-conversation">
      <button type="button" className={s.itemTitle} onClick={onOpen} aria-current={open || undefined} title={c.title ?? untitled}>
        {c.title ?? untitled}
      </button>
      {confirm ? (
        <span className={s.itemActions}>
          <button type="button" className={s.danger} onClick={() => { m.remove.mutate(c.id, { onSuccess: onDeleted }); setConfirm(false); }} data-testid="chat-delete-confirm">
            Delete
          </button>
          <button type="button" onClick={() => setConfirm(false)}>
            Keep
          </button>
        </span>
      ) : (
        <span className={s.itemActions}>
          <button type="button" onClick={() => { setTitle(c.title ?? ''); setRenaming(true); }} aria-label={`Rename ${c.title ?? untitled}`} title="Rename" data-testid="chat-rename">
            ✎
          </button>
          <button type="button" onClick={() => setConfirm(true)} aria-label={`Delete ${c.title ?? untitled}`} title="Delete (its runs stay in the History tab)" data-testid="chat-delete">
            ×
          </button>
        </span>
      )}
    </li>
  );
}
